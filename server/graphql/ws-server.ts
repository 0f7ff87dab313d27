import type { IncomingMessage, Server } from "node:http";
import { type DocumentNode, type execute, GraphQLError, type subscribe } from "graphql";
import type { Context as SocketContextOf, SubscribePayload } from "graphql-ws";
import { type Extra, useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { SESSION_ENDED_MESSAGE } from "../../common/session-messages.ts";
import { staffTokenFromCookie } from "../auth/staff-console.ts";
import { contextFromConnection, tokenFromConnectionParams } from "../context.ts";
import type { Deps } from "../deps.ts";
import { DATABASE_UNAVAILABLE_MESSAGE, expectedError } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { GRAPHQL_BODY_LIMIT_NON_ADMIN } from "../http/graphql-route.ts";
import { findMalformedText, MALFORMED_TEXT } from "../http/unicode.ts";
import { observeSocketResult } from "../ops/graphql-observer.ts";
import { observeSocket } from "../ops/socket-log.ts";
import {
  createSocketBudget,
  SOCKET_FLOODED_CODE,
  SOCKET_LIMITS,
  TOO_MANY_OPERATIONS,
} from "./socket-budget.ts";
import { keepSocketsAlive } from "./socket-keepalive.ts";
import {
  createSocketSessions,
  isSessionNotice,
  SOCKET_ENDED_CODE,
  SOCKET_FORBIDDEN_CODE,
} from "./socket-sessions.ts";
import type { GraphQLServer } from "./yoga.ts";

/**
 * Live events may have been missed (Redis was unreachable for a while): the socket is closed with
 * this code so its client reconnects and refetches what its screens show.
 */
export const EVENTS_MISSED_CODE = 4205;

/** WebSocket's "Try Again Later": the database failed while a socket connected or subscribed. */
export const DATABASE_UNAVAILABLE_CLOSE_CODE = 1013;

/**
 * A socket handler whose database fault closes the socket with 1013, which graphql-ws clients
 * retry (graphql-ws would close with 4500, which they treat as fatal: live screens would stay dead).
 */
type SocketContext = SocketContextOf<
  Record<string, unknown> | undefined,
  Extra & Partial<Record<PropertyKey, never>>
>;

function retryableOnDatabaseFault<Rest extends unknown[], Result>(
  handler: (ctx: SocketContext, ...rest: Rest) => Promise<Result>,
  refused: () => Result,
): (ctx: SocketContext, ...rest: Rest) => Promise<Result> {
  return async (ctx, ...rest) => {
    try {
      return await handler(ctx, ...rest);
    } catch (error) {
      if (expectedError(error)?.code !== "DATABASE_UNAVAILABLE") throw error;
      ctx.extra.socket.close(DATABASE_UNAVAILABLE_CLOSE_CODE, DATABASE_UNAVAILABLE_MESSAGE);
      return refused();
    }
  };
}

/** Whether a socket's page is this server's own (or a CORS_ORIGINS one): cookies are trusted only then. */
function sameSiteOrigin(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The staff console (GraphiQL) asks to be signed in by the operator's session cookie: the socket's
 * connection parameters get a fresh access token in its place (the page itself holds none).
 */
async function withStaffToken(
  deps: Deps,
  params: Record<string, unknown> | undefined,
  request: IncomingMessage,
): Promise<void> {
  if (params?.staffConsole !== "1" || tokenFromConnectionParams(params)) return;
  if (!sameSiteOrigin(request, deps.config.corsOrigins)) return;
  const token = await staffTokenFromCookie(deps, request.headers.cookie);
  if (token) params.authorization = `Bearer ${token}`;
}

/**
 * graphql-ws on the HTTP server's /graphql, through `yoga.getEnveloped` so that socket operations
 * get the same context, plugins and validation as HTTP. Each socket follows its session
 * (socket-sessions.ts) and is pinged (socket-keepalive.ts).
 */
export function attachGraphQLSockets(server: Server, deps: Deps, yoga: GraphQLServer): WebSocketServer {
  const socketSessions = createSocketSessions(deps);
  // Sockets carry subscriptions, never uploads: ws closes the socket (1009) past the small cap.
  // Frames are small and one event goes to thousands of sockets: no per-message compression
  // (ws' default, stated here because compressing each copy would multiply the fan-out's cost).
  const wsServer = new WebSocketServer({
    server,
    path: "/graphql",
    maxPayload: GRAPHQL_BODY_LIMIT_NON_ADMIN,
    perMessageDeflate: false,
  });
  const stopHearingMisses = deps.pubsub.onEventsMissed(() => {
    for (const socket of wsServer.clients) socket.close(EVENTS_MISSED_CODE, "Live updates were interrupted");
  });
  wsServer.once("close", stopHearingMisses);
  keepSocketsAlive(wsServer, deps.config.wsPingSeconds * 1000);
  // Registered before graphql-ws' own listener: a socket over its budget is closed before its
  // message is handled, and every later message of it is dropped unread.
  const budget = createSocketBudget();
  wsServer.on("connection", (socket, request) => {
    const address = clientAddress(
      request.socket.remoteAddress,
      [request.headers["x-forwarded-for"] ?? []].flat().join(","),
      deps.config.trustProxy,
    );
    const allowance = budget.open(address);
    const observed = observeSocket(address);
    socket.once("close", (code) => {
      allowance.close();
      observed.closed(code);
    });
    if (!allowance.allowed) {
      socket.close(SOCKET_FLOODED_CODE, "Too many connections from this address");
      return;
    }
    socket.on("message", function limit() {
      if (allowance.message()) return;
      // Frames already read in the same chunk are dropped too: nothing more of this socket runs.
      socket.removeAllListeners("message");
      socket.close(SOCKET_FLOODED_CODE, "Too many messages");
    });
  });
  useServer(
    {
      execute: (args: unknown) =>
        (args as { rootValue: { execute: typeof execute } }).rootValue.execute(args as never),
      subscribe: (args: unknown) =>
        (args as { rootValue: { subscribe: typeof subscribe } }).rootValue.subscribe(args as never),
      // Only a signed-in viewer keeps a socket: anonymous or bad tokens are closed at once (4401;
      // 4403 for a disabled or unapproved account), before any operation can cost anything.
      onConnect: retryableOnDatabaseFault(
        async (ctx: SocketContext) => {
          await withStaffToken(deps, ctx.connectionParams, ctx.extra.request);
          const outcome = await socketSessions.attach(
            ctx.extra.socket,
            tokenFromConnectionParams(ctx.connectionParams),
          );
          if (outcome === "attached" || outcome === "expired") return true;
          ctx.extra.socket.close(
            outcome === "forbidden" ? SOCKET_FORBIDDEN_CODE : SOCKET_ENDED_CODE,
            outcome === "forbidden" ? "Forbidden" : "Sign in to open a live connection",
          );
          return false;
        },
        () => false,
      ),
      onNext: (ctx, id, _payload, args, result) => {
        observeSocketResult(args.contextValue, result);
        return socketSessions.mayDeliver(ctx.extra.socket, id)
          ? undefined
          : { errors: [{ message: SESSION_ENDED_MESSAGE, extensions: { code: "SESSION_ENDED" } }] };
      },
      onError: (_ctx, _id, _payload, errors) => observeSocketResult(undefined, errors),
      onComplete: (ctx, id) => socketSessions.untrack(ctx.extra.socket, id),
      onSubscribe: retryableOnDatabaseFault(
        async (ctx: SocketContext, id: string, params: SubscribePayload) => {
          if (socketSessions.isEnded(ctx.extra.socket)) return [new GraphQLError(SESSION_ENDED_MESSAGE)];
          // graphql-ws has already reserved this operation's place in ctx.subscriptions.
          if (Object.keys(ctx.subscriptions).length > SOCKET_LIMITS.operationsPerSocket) {
            return [new GraphQLError(TOO_MANY_OPERATIONS, { extensions: { code: "TOO_MANY_OPERATIONS" } })];
          }
          const appContext = await contextFromConnection(
            deps,
            ctx.connectionParams,
            clientAddress(
              ctx.extra.request.socket.remoteAddress,
              [ctx.extra.request.headers["x-forwarded-for"] ?? []].flat().join(","),
              deps.config.trustProxy,
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
        () => [new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE)],
      ),
    },
    wsServer,
  );
  return wsServer;
}
