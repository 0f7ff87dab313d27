import { requireAdmin, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { DomainError, errorBody } from "../errors.ts";
import { DEFAULT_BODY_LIMIT, PUBLIC_BODY_LIMIT, readJsonBody } from "./body.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RestRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  request: Request;
}

export interface RestReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type RestAccess = "public" | "signedIn" | "admin";

export interface RestRoute {
  method: Method;
  /** Under /api, with `:name` segments, e.g. `/user/:id/rating`. */
  path: string;
  /**
   * Who may call it: "public" answers anonymous callers, "signedIn" answers them 401, "admin" also
   * answers a carrier 403. The router refuses before reading the body; the services still check
   * their own finer rules (owner of a resource, ...). test/api/rest-access.test.ts walks them all.
   */
  access: RestAccess;
  /** Bytes; by default PUBLIC_BODY_LIMIT for public routes, DEFAULT_BODY_LIMIT for the others. */
  bodyLimit?: number;
  /** The handler reads the body itself from `request` (e.g. to hand its bytes to a worker). */
  rawBody?: boolean;
  handle(ctx: Context, request: RestRequest): Promise<unknown>;
}

export function reply(status: number, body: unknown): RestReply {
  return { status, body };
}

const REPLY = Symbol("reply");
function isReply(value: unknown): value is RestReply {
  if (typeof value !== "object" || value === null) return false;
  return (value as { [REPLY]?: true })[REPLY] === true || (value as { paged?: true }).paged === true;
}
export function withStatus(status: number, body: unknown): RestReply {
  return Object.assign(reply(status, body), { [REPLY]: true as const });
}

interface CompiledRoute extends RestRoute {
  segments: string[];
  specificity: number;
}

export interface Router {
  match(
    method: string,
    pathname: string,
  ): { route: CompiledRoute; params: Record<string, string> } | "method-not-allowed" | null;
}

export function createRouter(routes: RestRoute[]): Router {
  const compiled: CompiledRoute[] = routes
    .map((route) => {
      const segments = route.path.split("/").filter(Boolean);
      return {
        ...route,
        segments,
        specificity: segments.filter((segment) => !segment.startsWith(":")).length,
      };
    })
    // A literal segment wins over a parameter: /loads/last before /loads/:id.
    .sort((a, b) => b.specificity - a.specificity);
  return {
    match(method, pathname) {
      const parts = pathname.split("/").filter(Boolean);
      let pathMatched = false;
      for (const route of compiled) {
        const params = matchSegments(route.segments, parts);
        if (!params) continue;
        pathMatched = true;
        if (route.method === method) return { route, params };
      }
      return pathMatched ? "method-not-allowed" : null;
    },
  };
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (segment.startsWith(":")) {
      try {
        params[segment.slice(1)] = decodeURIComponent(parts[index]);
      } catch {
        return null;
      }
    } else if (segment !== parts[index]) {
      return null;
    }
  }
  return params;
}

export function json(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** Runs one REST call: body, handler, and the one translation of domain errors to HTTP. */
export async function runRoute(
  route: RestRoute,
  params: Record<string, string>,
  request: Request,
  ctx: Context,
): Promise<Response> {
  if (route.access === "signedIn") requireViewer(ctx);
  if (route.access === "admin") requireAdmin(ctx);
  const url = new URL(request.url);
  const body =
    !route.rawBody && ["POST", "PUT", "PATCH"].includes(route.method)
      ? await readJsonBody(
          request,
          route.bodyLimit ?? (route.access === "public" ? PUBLIC_BODY_LIMIT : DEFAULT_BODY_LIMIT),
        )
      : undefined;
  const result = await route.handle(ctx, { params, query: url.searchParams, body, request });
  // A file download (e.g. a CSV export) answers with its own Response.
  if (result instanceof Response) return result;
  return isReply(result)
    ? json(result.status, result.body, result.headers)
    : json(200, result ?? { ok: true });
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof DomainError) return json(error.status, errorBody(error));
  console.error(`[${requestId}]`, error);
  return json(500, { message: "Unexpected error.", error: "Unexpected error.", requestId });
}
