import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireAdmin, requireViewer } from "../auth/policy.ts";
import { type Context, contextFromRequest } from "../context.ts";
import type { Deps } from "../deps.ts";
import { DEFAULT_BODY_LIMIT, PUBLIC_BODY_LIMIT } from "./body.ts";
import { assertCleanText } from "./input-text.ts";
import { sendMethodNotAllowed } from "./method-not-allowed.ts";
import type { AdmissionGate } from "./overload.ts";
import { headerSource, transportOf } from "./request-info.ts";
import { sendFetchResponse, sendJson } from "./responses.ts";
import { accessErrors } from "./rest-schemas.ts";
import { isReply, type Method, type RestRoute } from "./router.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes its body as bytes (server/http/body-parsers.ts). */
    rawBody?: boolean;
  }
  interface FastifyRequest {
    appContext?: Context;
  }
}

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const WITH_BODY = new Set<Method>(["POST", "PUT", "PATCH"]);

/** `/loads/:id` and `/loads/:loadId` are one path to the router. */
const pathShape = (path: string) => path.replace(/:[^/]+/g, ":");

function paramsSchema(path: string): z.ZodType | undefined {
  const names = [...path.matchAll(/:([^/]+)/g)].map((match) => match[1]);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

function paramsOf(route: RestRoute): { params?: z.ZodType } {
  const params = route.schema?.params ?? paramsSchema(route.path);
  return params ? { params } : {};
}

/** The route's documented answers, with the access refusals the edge itself answers. */
function responsesOf(route: RestRoute): { response?: Record<number, unknown> } {
  if (!route.schema?.response) return {};
  return { response: { ...accessErrors(route.access), ...route.schema.response } };
}

const SECURITY = {
  public: [],
  signedIn: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  driver: [{ bearer: [] }],
} as const;

function tagOf(path: string): string {
  return path.split("/")[1] ?? "api";
}

/**
 * Registers the spec's REST paths under /api: the access rule before the body is read, the body
 * parsed within the route's limit, the domain's zod schemas validated and documented (OpenAPI), the
 * handler's answer as JSON (or its own Response for downloads). A path reached with a method it
 * does not have answers 405 with an Allow header.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  deps: Deps,
  routes: RestRoute[],
  admission: AdmissionGate,
): void {
  // First: a request past the limit costs no session read, and each starts on a turn of its own.
  const waitTurn = admission.hook("rest");
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      bodyLimit: route.bodyLimit ?? (route.access === "public" ? PUBLIC_BODY_LIMIT : DEFAULT_BODY_LIMIT),
      config: { rawBody: route.rawBody === true },
      schema: {
        tags: [tagOf(route.path)],
        summary: route.schema?.summary ?? `${route.method} /api${route.path}`,
        ...(route.schema?.description ? { description: route.schema.description } : {}),
        security: [...SECURITY[route.access]],
        ...paramsOf(route),
        ...(route.schema?.querystring ? { querystring: route.schema.querystring } : {}),
        ...(route.schema?.body && !route.rawBody ? { body: route.schema.body } : {}),
        ...responsesOf(route),
      },
      onRequest: [
        waitTurn,
        async (request) => {
          const ctx = await contextFromRequest(deps, headerSource(request), transportOf(request));
          if (route.access === "signedIn") requireViewer(ctx);
          if (route.access === "driver" && !ctx.trip) requireViewer(ctx);
          if (route.access === "admin") requireAdmin(ctx);
          // Path and query text under the body's rule (no control characters, bounded length), so a
          // NUL in an id never reaches a database that cannot store it.
          assertCleanText(request.params);
          assertCleanText(Object.fromEntries(queryOf(request.url)));
          request.appContext = ctx;
        },
      ],
      handler: (request, reply) => runRoute(route, request, reply),
    });
  }

  const methodsByShape = new Map<string, { path: string; methods: Set<Method> }>();
  for (const route of routes) {
    const shape = pathShape(route.path);
    const entry = methodsByShape.get(shape) ?? { path: route.path, methods: new Set<Method>() };
    entry.methods.add(route.method);
    methodsByShape.set(shape, entry);
  }
  for (const { path, methods } of methodsByShape.values()) {
    const allow = [...methods, ...(methods.has("GET") ? ["HEAD"] : [])];
    const missing = METHODS.filter((method) => !methods.has(method));
    if (missing.length === 0) continue;
    app.route({
      method: missing,
      url: `/api${path}`,
      schema: { hide: true },
      handler: (_request, reply) => sendMethodNotAllowed(reply, allow),
    });
  }
}

function queryOf(url: string): URLSearchParams {
  const start = url.indexOf("?");
  return new URLSearchParams(start < 0 ? "" : url.slice(start + 1));
}

async function runRoute(route: RestRoute, request: FastifyRequest, reply: FastifyReply) {
  const ctx = request.appContext as Context;
  const query = queryOf(request.url);
  const body = WITH_BODY.has(route.method)
    ? (request.body ?? (route.rawBody ? new Uint8Array(0) : {}))
    : undefined;
  const result = await route.handle(ctx, {
    params: request.params as Record<string, string>,
    query,
    body,
    request: { url: request.url, headers: headerSource(request).headers },
  });
  // A file download (e.g. a CSV export) answers with its own Response.
  if (result instanceof Response) return sendFetchResponse(reply, result);
  return isReply(result)
    ? sendJson(reply, result.status, result.body, result.headers)
    : sendJson(reply, 200, result ?? { ok: true });
}
