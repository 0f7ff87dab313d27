import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServerAdapter } from "@whatwg-node/server";
import { type DocumentNode, type execute, GraphQLError, type subscribe } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { SESSION_ENDED_MESSAGE } from "../common/auth.ts";
import { REFRESH_COOKIE, settleBackgroundWork } from "./auth/service.ts";
import { sessionOfRefreshToken } from "./auth/sessions.ts";
import { watchSessionChanges } from "./auth/viewer-cache.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import {
  contextFromConnection,
  contextFromRequest,
  type TransportInfo,
  tokenFromConnectionParams,
} from "./context.ts";
import { createDb, providerOf } from "./db/client.ts";
import { migrate, pendingMigrationCount } from "./db/migrate.ts";
import { createSqlReader } from "./db/reader.ts";
import { sql } from "./db/sql.ts";
import { closeWorkers } from "./db/workers.ts";
import { createSqlWriter } from "./db/writer.ts";
import type { Deps } from "./deps.ts";
import { createResponseCache } from "./graphql/response-cache.ts";
import { createSocketSessions, isSessionNotice } from "./graphql/socket-sessions.ts";
import { createGraphQLServer } from "./graphql/yoga.ts";
import { assertJsonDepth, readBodyText } from "./http/body.ts";
import { clientAddress } from "./http/client-address.ts";
import { parseCookies } from "./http/cookies.ts";
import { createRouter, errorResponse, json, runRoute } from "./http/router.ts";
import { createStaticHandler } from "./http/static.ts";
import { findMalformedText, MALFORMED_TEXT } from "./http/unicode.ts";
import { createMailer } from "./mail/mailer.ts";
import { startRoundClock } from "./offers/round-clock.ts";
import { createAppPubSub } from "./pubsub.ts";
import { restRoutes } from "./rest.ts";
import { bootstrap } from "./seed/bootstrap.ts";

/** GraphQL documents are small; bulk data (operators' uploads) goes through their own limits. */
export const GRAPHQL_BODY_LIMIT = 16 * 1024 * 1024;
/**
 * Anyone but an operator sends small documents (sign-up, bids, confirmations, the contact form):
 * a body past this is refused before it is read, so no anonymous request costs the parse of
 * megabytes. WebSocket frames carry subscriptions only and have the same cap.
 */
export const GRAPHQL_BODY_LIMIT_NON_ADMIN = 256 * 1024;

/** Whether Yoga's JSON request parser takes this content type (its own rule, exactly). */
function isYogaJsonBody(contentType: string): boolean {
  const first = contentType.split(",")[0];
  return ["application/json", "application/graphql+json"].some(
    (type) => first === type || first.startsWith(`${type};`),
  );
}

export interface App {
  deps: Deps;
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
  const router = createRouter(restRoutes);
  const serveStatic = createStaticHandler(config.clientDistDir);
  const socketSessions = createSocketSessions(deps);

  async function health(): Promise<Response> {
    try {
      const provider = providerOf(config.databaseUrl);
      // Through the driver's prepared statement: probes come often, Prisma's query compiler is costly.
      const pending = await pendingMigrationCount((text) => deps.sql.all(sql(text)), provider);
      return pending === 0
        ? json(200, { status: "ok", database: provider })
        : json(503, { status: "migrations pending", pending });
    } catch {
      return json(503, { status: "database unreachable" });
    }
  }

  async function graphql(request: Request, transport: TransportInfo): Promise<Response> {
    const url = new URL(request.url);
    const wantsGraphiQL =
      request.method === "GET" &&
      !url.searchParams.has("query") &&
      (request.headers.get("accept") ?? "").includes("text/html");
    if (wantsGraphiQL) {
      const session = await sessionOfRefreshToken(
        deps,
        parseCookies(request.headers.get("cookie"))[REFRESH_COOKIE],
      );
      if (session?.user.role !== "ADMIN") {
        return new Response(null, { status: 302, headers: { location: "/login?next=/graphql" } });
      }
    }
    // The viewer is known (from headers) before the body is read and before Yoga validates: the
    // body limit, the document budget and introspection depend on it.
    const appContext = await contextFromRequest(deps, request, transport);
    if (!request.body) return yoga.fetch(request, { transport, appContext });
    // Yoga reads the body itself; refuse oversized ones before it does.
    const limit = appContext.viewer?.role === "ADMIN" ? GRAPHQL_BODY_LIMIT : GRAPHQL_BODY_LIMIT_NON_ADMIN;
    const text = await readBodyText(request, limit);
    const contentType = request.headers.get("content-type") ?? "";
    if (contentType.includes("json")) assertJsonDepth(text);
    // A JSON POST (every client's) hands Yoga the text; any other body goes in a request again.
    // Either way Yoga gets a request of its own, without the client connection's abort signal:
    // an operation runs to its end even when the caller hangs up, as it always has.
    const bodyText = request.method === "POST" && isYogaJsonBody(contentType) ? text : undefined;
    const forward = (context: typeof appContext) =>
      yoga.fetch(
        new yoga.fetchAPI.Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: bodyText === undefined ? text : null,
        }),
        { transport, appContext: context, bodyText },
      );
    const key = responseCache.keyOf(request, appContext.viewer, text);
    if (key === null) return forward(appContext);
    return responseCache.lookup(key) ?? responseCache.fill(key, appContext, forward);
  }

  async function handle(request: Request, partial: Partial<TransportInfo> = {}): Promise<Response> {
    const transport: TransportInfo = {
      ip: clientAddress(partial.ip, request.headers.get("x-forwarded-for"), config.trustProxy),
      responseCookies: partial.responseCookies ?? [],
    };
    const requestId = crypto.randomUUID();
    try {
      const { pathname } = new URL(request.url);
      let response: Response;
      if (pathname === "/healthz") {
        response = await health();
      } else if (pathname === "/graphql") {
        response = await graphql(request, transport);
      } else if (pathname === "/api" || pathname.startsWith("/api/")) {
        const matched = router.match(request.method, pathname.slice("/api".length));
        if (matched === null) response = json(404, { message: "Not found", error: "Not found" });
        else if (matched === "method-not-allowed") {
          response = json(405, { message: "Method not allowed", error: "Method not allowed" });
        } else {
          const ctx = await contextFromRequest(deps, request, transport);
          response = await runRoute(matched.route, matched.params, request, ctx).catch((error) =>
            errorResponse(error, ctx.meta.requestId),
          );
        }
      } else if (request.method === "GET" || request.method === "HEAD") {
        response = serveStatic(request);
      } else {
        response = json(404, { message: "Not found", error: "Not found" });
      }
      for (const cookie of transport.responseCookies) response.headers.append("set-cookie", cookie);
      return response;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  }

  let server: Server | undefined;
  let wsServer: WebSocketServer | undefined;
  let roundClock: { stop(): void } | undefined;

  async function start(port = config.port): Promise<string> {
    const adapter = createServerAdapter<{ req: { socket: { remoteAddress?: string } } }>(
      (request, serverContext) =>
        handle(request, { ip: serverContext.req?.socket?.remoteAddress ?? "unknown" }),
    );
    server = createServer(adapter);
    // Sockets carry subscriptions, never uploads: ws closes the socket (1009) past the small cap.
    // Frames are small and one event goes to thousands of sockets: no per-message compression
    // (ws' default, stated here because compressing each copy would multiply the fan-out's cost).
    wsServer = new WebSocketServer({
      server,
      path: "/graphql",
      maxPayload: GRAPHQL_BODY_LIMIT_NON_ADMIN,
      perMessageDeflate: false,
    });
    useServer(
      {
        execute: (args: unknown) =>
          (args as { rootValue: { execute: typeof execute } }).rootValue.execute(args as never),
        subscribe: (args: unknown) =>
          (args as { rootValue: { subscribe: typeof subscribe } }).rootValue.subscribe(args as never),
        onConnect: async (ctx) => {
          await socketSessions.attach(ctx.extra.socket, tokenFromConnectionParams(ctx.connectionParams));
          return true;
        },
        onNext: (ctx, id) =>
          socketSessions.mayDeliver(ctx.extra.socket, id)
            ? undefined
            : { errors: [{ message: SESSION_ENDED_MESSAGE, extensions: { code: "SESSION_ENDED" } }] },
        onComplete: (ctx, id) => socketSessions.untrack(ctx.extra.socket, id),
        onSubscribe: async (ctx, id, params) => {
          if (socketSessions.isEnded(ctx.extra.socket)) return [new GraphQLError(SESSION_ENDED_MESSAGE)];
          const appContext = await contextFromConnection(
            deps,
            ctx.connectionParams,
            clientAddress(
              ctx.extra.request.socket.remoteAddress,
              [ctx.extra.request.headers["x-forwarded-for"] ?? []].flat().join(","),
              config.trustProxy,
            ),
          );
          const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
            ...ctx,
            req: ctx.extra.request,
            socket: ctx.extra.socket,
            params,
            appContext,
          });
          if (findMalformedText(params) !== null) return [new GraphQLError(MALFORMED_TEXT)];
          let document: DocumentNode;
          try {
            document = parse(params.query);
          } catch (error) {
            return [
              error instanceof GraphQLError ? error : new GraphQLError("Syntax Error: unreadable document"),
            ];
          }
          const args = {
            schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue: await contextFactory(),
            rootValue: { execute, subscribe },
          };
          socketSessions.track(ctx.extra.socket, id, {
            notice: isSessionNotice(document, params.operationName),
            stop: () => {
              const running = ctx.subscriptions[id];
              if (running && "return" in running) void running.return(undefined);
            },
          });
          const errors = validate(args.schema, args.document);
          if (errors.length) return errors;
          return args;
        },
      },
      wsServer,
    );
    await new Promise<void>((resolve) => server!.listen(port, config.host, resolve));
    roundClock = startRoundClock(deps);
    const address = server.address() as AddressInfo;
    const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    return `http://${host}:${address.port}`;
  }

  async function stop(): Promise<void> {
    roundClock?.stop();
    for (const client of wsServer?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (wsServer ? wsServer.close(() => resolve()) : resolve()));
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    await closing;
    await deps.pubsub.close();
    deps.mailer.close();
    await settleBackgroundWork();
    await deps.sql.close();
    await deps.writer.close();
    await closeWorkers();
    await db.$disconnect();
  }

  return { deps, fetch: handle, start, stop };
}
