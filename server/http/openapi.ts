import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { parseInput } from "../lib/validate.ts";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * Route schemas are the domains' zod schemas. Validation refuses with the API's one
 * ValidationError (the same texts the services give) and hands the handler the value as sent:
 * the service parses it again with the same schema and applies its transforms once.
 */
export const zodValidator: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      parseInput(schema, data);
      return { value: data };
    } catch (error) {
      return { error: error as Error };
    }
  };

/**
 * OpenAPI 3.1 of the REST compatibility layer at GET /api/openapi.json, built from the same zod
 * schemas that validate the requests, with Swagger UI served from its package at /api/docs.
 * Only /api paths are described.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.setValidatorCompiler(zodValidator);
  // Handlers send JSON text themselves; response schemas are documentation.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Freightway REST API",
        version,
        description:
          "The REST compatibility layer of the spec, under /api. The same services and authorization as " +
          "GraphQL (/graphql). Sign in with POST /api/auth/login and send the access token as " +
          "`Authorization: Bearer <token>`. Lists are paged with `?page=N&limit=M` and report their " +
          "totals in X-Total-Count, X-Page, X-Page-Count, X-Per-Page and Link headers. Errors answer " +
          "`{ message, error, code }` (and `errors: [{ field, message }]` for invalid fields).",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: (input) => {
      if (!input.url.startsWith("/api/") || input.url.startsWith(API_DOCS_PATH)) {
        return { schema: { ...input.schema, hide: true } as never, url: input.url };
      }
      return jsonSchemaTransform(input);
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: "list", deepLinking: true },
    staticCSP: false,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", "no-cache").send(app.swagger()),
  );
}
