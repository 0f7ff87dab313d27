import type { FastifyInstance } from "fastify";
import { providerOf } from "../db/client.ts";
import { pendingMigrationCount } from "../db/migrate.ts";
import { sql } from "../db/sql.ts";
import type { Deps } from "../deps.ts";
import { sendJson } from "../http/responses.ts";
import { createReadinessCheck } from "./health-readiness.ts";

/**
 * The probes, hidden from OpenAPI: /livez (the process runs; restart it when this fails),
 * /readyz (send it traffic; server/ops/health-readiness.ts) and /healthz, kept as it always was
 * for the monitors that already call it.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: Deps, isDraining: () => boolean): void {
  const provider = providerOf(deps.config.databaseUrl);
  const readiness = createReadinessCheck(deps, isDraining);

  app.get("/livez", { schema: { hide: true } }, async (_request, reply) =>
    sendJson(reply, 200, { status: "ok" }),
  );

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const { ready, checks } = await readiness();
    return sendJson(reply, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks });
  });

  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      // Through the driver's prepared statement: probes come often, Prisma's query compiler is costly.
      const pending = await pendingMigrationCount((text) => deps.sql.all(sql(text)), provider);
      return pending === 0
        ? sendJson(reply, 200, { status: "ok", database: provider })
        : sendJson(reply, 503, { status: "migrations pending", pending });
    } catch {
      return sendJson(reply, 503, { status: "database unreachable" });
    }
  });
}
