import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { WebSocketServer } from "ws";
import { settleBackgroundWork } from "./auth/service.ts";
import { watchSessionChanges } from "./auth/viewer-cache.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import type { TransportInfo } from "./context.ts";
import { createDb, providerOf } from "./db/client.ts";
import { migrate, pendingMigrationCount } from "./db/migrate.ts";
import { createSqlReader } from "./db/reader.ts";
import { sql } from "./db/sql.ts";
import { closeWorkers } from "./db/workers.ts";
import { createSqlWriter } from "./db/writer.ts";
import type { Deps } from "./deps.ts";
import { createResponseCache } from "./graphql/response-cache.ts";
import { attachGraphQLSockets } from "./graphql/ws-server.ts";
import { createGraphQLServer } from "./graphql/yoga.ts";
import { createEdge } from "./http/edge.ts";
import { registerGraphQLRoute } from "./http/graphql-route.ts";
import { injectFetch } from "./http/inject.ts";
import { sendJson } from "./http/responses.ts";
import { registerRestRoutes } from "./http/rest-routes.ts";
import { createMailer } from "./mail/mailer.ts";
import { startRoundClock } from "./offers/round-clock.ts";
import { type MetricsListener, startMetricsListener } from "./ops/metrics-server.ts";
import { createAppPubSub } from "./pubsub.ts";
import { restRoutes } from "./rest.ts";
import { bootstrap } from "./seed/bootstrap.ts";
import { APP_VERSION } from "./version.ts";

export interface App {
  deps: Deps;
  /** The HTTP server's routes, without a socket (tests): the same answer a client would get. */
  fetch(request: Request, transport?: Partial<TransportInfo>): Promise<Response>;
  /** Listens on config.port (0 for any free port); resolves with the base URL. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function buildApp(overrides: Partial<AppConfig> = {}): Promise<App> {
  const config = loadConfig(process.env, overrides);
  await migrate(config.databaseUrl);
  const db = createDb(config.databaseUrl);
  const deps: Deps = {
    db,
    sql: createSqlReader(config.databaseUrl),
    writer: createSqlWriter(config.databaseUrl),
    config,
    pubsub: createAppPubSub(config.redisUrl),
    mailer: createMailer(config),
  };
  watchSessionChanges(deps);
  await bootstrap(deps);

  const yoga = createGraphQLServer(deps);
  const responseCache = createResponseCache(
    config.responseCache ? deps.sql.dataVersion : null,
    yoga.fetchAPI.Response,
  );
  const provider = providerOf(config.databaseUrl);

  const http: FastifyInstance = await createEdge(config, APP_VERSION, (app) => {
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
    registerRestRoutes(app, deps, restRoutes);
    registerGraphQLRoute(app, { deps, yoga, responseCache });
  });

  let wsServer: WebSocketServer | undefined;
  let roundClock: { stop(): void } | undefined;
  let metricsListener: MetricsListener | undefined;

  async function start(port = config.port): Promise<string> {
    wsServer = attachGraphQLSockets(http.server, deps, yoga);
    await http.listen({ port, host: config.host });
    roundClock = startRoundClock(deps);
    metricsListener = await startMetricsListener(config);
    const address = http.server.address() as AddressInfo;
    const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    return `http://${host}:${address.port}`;
  }

  async function stop(): Promise<void> {
    roundClock?.stop();
    for (const client of wsServer?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (wsServer ? wsServer.close(() => resolve()) : resolve()));
    await http.close();
    await metricsListener?.close();
    await deps.pubsub.close();
    deps.mailer.close();
    await settleBackgroundWork();
    await deps.sql.close();
    await deps.writer.close();
    await closeWorkers();
    await db.$disconnect();
  }

  return { deps, fetch: (request, transport) => injectFetch(http, request, transport), start, stop };
}
