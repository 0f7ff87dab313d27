import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { WebSocketServer } from "ws";
import "./wiring.ts";
import { settleBackgroundWork } from "./auth/service.ts";
import { watchSessionChanges } from "./auth/viewer-cache.ts";
import { startComplianceClock } from "./compliance/expiry.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import type { TransportInfo } from "./context.ts";
import { createDb } from "./db/client.ts";
import { createSqlReader } from "./db/reader.ts";
import { migrateWhenReachable } from "./db/wait-for-database.ts";
import { closeWorkers } from "./db/workers.ts";
import { createSqlWriter } from "./db/writer.ts";
import type { Deps } from "./deps.ts";
import { createResponseCache } from "./graphql/response-cache.ts";
import { closeSocketsGoingAway } from "./graphql/socket-keepalive.ts";
import { attachGraphQLSockets } from "./graphql/ws-server.ts";
import { createGraphQLServer } from "./graphql/yoga.ts";
import { createEdge } from "./http/edge.ts";
import { registerGraphQLRoute } from "./http/graphql-route.ts";
import { injectFetch } from "./http/inject.ts";
import { createAdmissionGate } from "./http/overload.ts";
import { registerRestRoutes } from "./http/rest-routes.ts";
import { createMailOutbox } from "./mail/worker.ts";
import { startRoundClock } from "./offers/round-clock.ts";
import { type BackupSchedule, startBackupSchedule } from "./ops/backup-schedule.ts";
import { type DrainOutcome, drainServer, type RequestTracker, trackRequests } from "./ops/drain.ts";
import { registerHealthRoutes } from "./ops/health.ts";
import { type MetricsListener, startMetricsListener } from "./ops/metrics-server.ts";
import { watchResourceMetrics } from "./ops/resource-metrics.ts";
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
  /** At once, without waiting for anything in flight (tests; the end of a drain). */
  stop(): Promise<void>;
  /** The graceful shutdown (server/ops/drain.ts), then stop(); "forced" when the grace ran out. */
  drain(): Promise<DrainOutcome>;
}

export async function buildApp(overrides: Partial<AppConfig> = {}): Promise<App> {
  const config = loadConfig(process.env, overrides);
  await migrateWhenReachable(config.databaseUrl, config.database);
  const db = createDb(config.databaseUrl, config.database);
  const deps: Deps = {
    db,
    sql: createSqlReader(config.databaseUrl, config.database),
    writer: createSqlWriter(config.databaseUrl, config.database),
    config,
    pubsub: createAppPubSub(config.redisUrl, config.redisPrefix),
    mailOutbox: createMailOutbox({ db, config }),
  };
  watchSessionChanges(deps);
  watchResourceMetrics(deps.pubsub);
  await bootstrap(deps);

  const yoga = createGraphQLServer(deps);
  const responseCache = createResponseCache(
    config.responseCache ? deps.sql.dataVersion : null,
    yoga.fetchAPI.Response,
  );
  // From the first signal on: /readyz fails and every answer closes its connection.
  let draining = false;

  const http: FastifyInstance = await createEdge(config, APP_VERSION, (app) => {
    app.addHook("onSend", async (_request, reply, payload) => {
      if (draining) reply.header("connection", "close");
      return payload;
    });
    registerHealthRoutes(app, deps, () => draining);
    const admission = createAdmissionGate({
      maxInFlight: config.graphqlMaxInFlight,
      maxQueueMs: config.graphqlMaxQueueMs,
    });
    registerRestRoutes(app, deps, restRoutes, admission);
    registerGraphQLRoute(app, { deps, yoga, responseCache, admission });
  });

  let wsServer: WebSocketServer | undefined;
  let roundClock: { stop(): void } | undefined;
  let complianceClock: { stop(): void } | undefined;
  let requests: RequestTracker | undefined;
  let backups: BackupSchedule | undefined;
  let metricsListener: MetricsListener | undefined;

  async function start(port = config.port): Promise<string> {
    wsServer = attachGraphQLSockets(http.server, deps, yoga);
    requests = trackRequests(http.server);
    await http.listen({ port, host: config.host });
    roundClock = startRoundClock(deps);
    complianceClock = startComplianceClock(deps);
    deps.mailOutbox.start();
    backups = startBackupSchedule(deps);
    metricsListener = await startMetricsListener(config);
    const address = http.server.address() as AddressInfo;
    const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    return `http://${host}:${address.port}`;
  }

  async function stop(): Promise<void> {
    roundClock?.stop();
    complianceClock?.stop();
    await backups?.stop();
    for (const client of wsServer?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (wsServer ? wsServer.close(() => resolve()) : resolve()));
    await http.close();
    await metricsListener?.close();
    await deps.pubsub.close();
    await deps.mailOutbox.stop();
    await settleBackgroundWork();
    await deps.sql.close();
    await deps.writer.close();
    await closeWorkers();
    await db.$disconnect();
  }

  async function drain(): Promise<DrainOutcome> {
    draining = true;
    const sockets = wsServer;
    const outcome = await drainServer({
      server: http.server,
      requests: requests ?? { inFlight: () => 0 },
      delayMs: config.shutdownDelaySeconds * 1000,
      graceMs: config.shutdownGraceSeconds * 1000,
      stopBackground: () => {
        roundClock?.stop();
        complianceClock?.stop();
      },
      openSockets: () => sockets?.clients.size ?? 0,
      closeSockets: (waitMs) => (sockets ? closeSocketsGoingAway(sockets, waitMs) : Promise.resolve()),
    });
    await stop();
    return outcome;
  }

  return {
    deps,
    fetch: (request, transport) => injectFetch(http, request, transport),
    start,
    stop,
    drain,
  };
}
