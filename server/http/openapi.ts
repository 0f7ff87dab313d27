import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import type { ZodType } from "zod";
import { validationErrorOf } from "../lib/validate.ts";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * What a schema checks, read the way the handler reads it: a missing body is `{}` (as the
 * handler gets it) and a repeated query parameter its first value (`URLSearchParams.get`).
 */
function asHandlerReads(httpPart: string | undefined, data: unknown): unknown {
  if (httpPart === "body") return data ?? {};
  if (httpPart !== "querystring" || typeof data !== "object" || data === null) return data;
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
}

/**
 * Route schemas are the domains' zod schemas. Validation refuses with the API's one
 * ValidationError (the same texts the services give) and hands the handler the value as sent:
 * the service parses it again with parseInput (the text rule with the field's own limits, then
 * the same schema) and applies its transforms once.
 */
export const zodValidator: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(asHandlerReads(httpPart, data));
    return result.success ? { value: data } : { error: validationErrorOf(result.error) };
  };

const SCHEMA_REF = "#/components/schemas/";

/**
 * The document's named schemas (zod schemas with an `id`, e.g. Load) as components: the ones it
 * references, directly or through another component. The transform emits every registered schema
 * in both its input and output form; a response-only schema's input twin is left out.
 */
function withReferencedSchemas(document: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const openapi = jsonSchemaTransformObject(document) as OpenAPIV3_1.Document;
  const schemas = openapi.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(SCHEMA_REF)) {
        const name = child.slice(SCHEMA_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(openapi.paths);
  const referenced = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...openapi, components: { ...openapi.components, schemas: referenced } };
}

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
    transformObject: withReferencedSchemas,
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
