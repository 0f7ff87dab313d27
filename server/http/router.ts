import type { ZodType } from "zod";
import type { Context } from "../context.ts";

/**
 * A REST path of the compatibility layer, as its domain declares it. server/http/rest-routes.ts
 * registers each one as a Fastify route (access check, body parsing, the zod schemas, OpenAPI).
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RestRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; the raw bytes (a Uint8Array) for a `rawBody` route. */
  body: unknown;
  request: { url: string; headers: { get(name: string): string | null } };
}

export interface RestReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** `driver`: a signed-in user or a driver's trip session (driver app; the service checks the load). */
export type RestAccess = "public" | "signedIn" | "admin" | "driver";

/** An answer that is a file (CSV, PDF): its content type instead of a JSON schema. */
export interface RestFileResponse {
  description: string;
  content: Record<string, { schema: ZodType }>;
}

/**
 * What the OpenAPI document says of a route, and what Fastify validates before the handler runs:
 * zod schemas of the domain. `response` documents the answer per status (never used to rewrite it).
 */
export interface RestSchema {
  summary?: string;
  description?: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response?: Record<number, ZodType | RestFileResponse>;
}

export interface RestRoute {
  method: Method;
  /** Under /api, with `:name` segments, e.g. `/user/:id/rating`. */
  path: string;
  /**
   * Who may call it: "public" answers anonymous callers, "signedIn" answers them 401, "admin" also
   * answers a carrier 403. The edge refuses before reading the body; the services still check
   * their own finer rules (owner of a resource, ...). test/api/rest-access.test.ts walks them all.
   */
  access: RestAccess;
  /** Bytes; by default PUBLIC_BODY_LIMIT for public routes, DEFAULT_BODY_LIMIT for the others. */
  bodyLimit?: number;
  /** The handler gets the body's bytes, unparsed (e.g. to hand them to a worker). */
  rawBody?: boolean;
  schema?: RestSchema;
  handle(ctx: Context, request: RestRequest): Promise<unknown>;
}

export function reply(status: number, body: unknown): RestReply {
  return { status, body };
}

const REPLY = Symbol("reply");
export function isReply(value: unknown): value is RestReply {
  if (typeof value !== "object" || value === null) return false;
  return (value as { [REPLY]?: true })[REPLY] === true || (value as { paged?: true }).paged === true;
}
export function withStatus(status: number, body: unknown): RestReply {
  return Object.assign(reply(status, body), { [REPLY]: true as const });
}
