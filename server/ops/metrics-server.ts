import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import type { AppConfig } from "../config.ts";
import { sendJson } from "../http/responses.ts";
import { moduleLogger } from "./logger.ts";
import { registerMetricsRoute } from "./metrics-route.ts";

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: /metrics on a listener of its own (a port the load balancer does not expose),
 * token-checked all the same; every other path is a JSON 404. Nothing without METRICS_PORT.
 */
export async function startMetricsListener(
  config: Pick<AppConfig, "host" | "metricsPort" | "metricsToken">,
): Promise<MetricsListener | undefined> {
  if (config.metricsPort === undefined || !config.metricsToken) return undefined;
  const server = Fastify({ logger: false, forceCloseConnections: true });
  registerMetricsRoute(server, config.metricsToken);
  server.setNotFoundHandler((_request, reply) =>
    sendJson(reply, 404, { message: "Not found", error: "Not found", code: "NOT_FOUND" }),
  );
  await server.listen({ port: config.metricsPort, host: config.host });
  const { port } = server.server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = `http://${host}:${port}/metrics`;
  moduleLogger("metrics").info({ url }, "metrics listening");
  return { url, close: () => server.close() };
}
