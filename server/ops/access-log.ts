import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { observeHttpRequest } from "./metrics.ts";

/** What the GraphQL route learned about the operation it ran (server/ops/graphql-observer.ts). */
export interface ObservedOperation {
  /** The operation's name as written; null when unnamed or when the document did not parse. */
  name: string | null;
  type: "query" | "mutation" | "subscription" | "unknown";
}

declare module "fastify" {
  interface FastifyRequest {
    graphqlOperation?: ObservedOperation;
  }
}

export const REQUEST_ID_HEADER = "x-request-id";

/** Probes come every few seconds from every balancer and scraper: their lines are debug. */
const PROBES = new Set(["/healthz", "/livez", "/readyz", "/metrics"]);

/** Requests no route matched share one label (their paths are the caller's choice). */
const UNMATCHED = "(unmatched)";

/** The longest operation name an access line carries (names are the caller's choice). */
const MAX_LOGGED_NAME = 100;

function accessLine(request: FastifyRequest, reply: FastifyReply, route: string, ms: number) {
  const operation = request.graphqlOperation;
  return {
    method: request.method,
    route,
    ...(operation
      ? { operation: operation.name?.slice(0, MAX_LOGGED_NAME) ?? null, operationType: operation.type }
      : {}),
    status: reply.statusCode,
    ms: Math.round(ms * 10) / 10,
    ...(request.appContext?.viewer ? { userId: request.appContext.viewer.id } : {}),
    ip: request.transport?.ip ?? request.ip,
  };
}

/**
 * Every answer carries its request id (X-Request-Id), errors and files included; each request
 * writes one access line once answered (method, route pattern or GraphQL operation, status, ms,
 * user, client address; the request id comes with Fastify's request logger) and feeds the HTTP
 * latency histogram.
 */
export function observeRequests(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const ms = reply.elapsedTime;
    const route = request.routeOptions.url ?? UNMATCHED;
    observeHttpRequest(route, request.method, reply.statusCode, ms / 1000);
    const level = PROBES.has(route) ? "debug" : "info";
    // The edge's logger is pino's (server/ops/logger.ts): a line below LOG_LEVEL costs nothing to build.
    const log = request.log as Logger;
    if (log.isLevelEnabled(level)) log[level](accessLine(request, reply, route, ms), "request");
  });
}
