import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendJson } from "../http/responses.ts";
import { collectProcessMetrics, metricsRegistry } from "./metrics.ts";

export const METRICS_TOKEN_REQUIRED = "A valid metrics token is required (Authorization: Bearer).";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compared as digests: the time taken says nothing about how much of the token was right. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]), expected);
}

/** GET /metrics in Prometheus' text format, for callers with `Authorization: Bearer $METRICS_TOKEN`. */
export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  const expected = digest(token);
  collectProcessMetrics();
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request, expected)) {
      return sendJson(
        reply,
        401,
        { message: METRICS_TOKEN_REQUIRED, error: METRICS_TOKEN_REQUIRED, code: "UNAUTHENTICATED" },
        { "www-authenticate": 'Bearer realm="metrics"' },
      );
    }
    const text = await metricsRegistry.metrics();
    return reply.code(200).header("cache-control", "no-store").type(metricsRegistry.contentType).send(text);
  });
}
