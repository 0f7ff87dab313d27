import type { ServerOptions } from "node:http";
import fastifyCompress from "@fastify/compress";
import fastifyCors from "@fastify/cors";
import underPressure from "@fastify/under-pressure";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  LogController,
} from "fastify";
import helmet from "helmet";
import { isClientRoute, isDriverRoute } from "../../common/client-routes.ts";
import type { AppConfig } from "../config.ts";
import { errorBody, errorHeaders, expectedError, ValidationError } from "../errors.ts";
import { observeRequests, REQUEST_ID_HEADER } from "../ops/access-log.ts";
import { moduleLogger } from "../ops/logger.ts";
import { registerMetricsRoute } from "../ops/metrics-route.ts";
import { requestIdOf } from "../ops/request-id.ts";
import { bodyTooLarge, DEFAULT_BODY_LIMIT } from "./body.ts";
import { useRestBodyParser } from "./body-parsers.ts";
import { clientErrorHandler } from "./client-errors.ts";
import { registerGraphiQLAssets } from "./graphiql/routes.ts";
import { sendMethodNotAllowed, watchRouteMethods } from "./method-not-allowed.ts";
import { registerOpenApi } from "./openapi.ts";
import { OVERLOADED_RETRY_AFTER_SECONDS, sendOverloaded } from "./overload.ts";
import { attachTransport } from "./request-info.ts";
import { sendJson } from "./responses.ts";
import { registerClientFiles } from "./static.ts";

const NOT_FOUND = { message: "Not found", error: "Not found", code: "NOT_FOUND" };

/** Whatever the API answers as JSON or text is compressed; event streams never (they must flow). */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|graphql-response\+json|javascript)|image\/svg\+xml)/;

/** The Content-Security-Policy of every answer: the app and GraphiQL run under it unchanged. */
function contentSecurityPolicy(config: AppConfig) {
  const tiles = config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/[{}]/g, "")).origin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion), Leaflet and GraphiQL's editor set styles from script.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...tiles],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", "blob:"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * The HTTP server: Fastify with its security headers, CORS policy, compression, timeouts, body
 * parsing, error and not-found answers, OpenAPI and the built client. The API's own routes
 * (health, REST, GraphQL) are added by the caller through `routes`.
 */
export async function createEdge(
  config: AppConfig,
  version: string,
  routes: (app: FastifyInstance) => void | Promise<void>,
): Promise<FastifyInstance> {
  const app = Fastify({
    // One access line per request is ours (server/ops/access-log.ts), not Fastify's two.
    loggerInstance: moduleLogger("http") as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Slow clients: headers must arrive within HEADERS_TIMEOUT_MS, the whole request within
    // REQUEST_TIMEOUT_MS; Node checks its connections every second (its default is 30 s).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    } as ServerOptions,
    forceCloseConnections: true,
    clientErrorHandler,
    routerOptions: { maxParamLength: 2_048 },
    genReqId: (raw) => requestIdOf(raw.headers[REQUEST_ID_HEADER]),
  });
  observeRequests(app);
  const methodsOf = watchRouteMethods(app);

  app.addHook("onRequest", async (request) => {
    attachTransport(request, config.trustProxy);
  });
  // Cookies a service set (sign-in, refresh, logout) go out with whatever the answer is.
  app.addHook("onSend", async (request, reply) => {
    for (const cookie of request.transport?.responseCookies ?? []) reply.header("set-cookie", cookie);
  });

  // A stalled event loop (past MAX_EVENT_LOOP_DELAY_MS) answers new requests 503 at once instead of
  // queueing them; the GraphQL route also caps its requests in flight (overload.ts).
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      retryAfter: OVERLOADED_RETRY_AFTER_SECONDS,
      pressureHandler: (_request, reply) => {
        sendOverloaded(reply, "rest");
      },
    });
  }
  // helmet's middleware, built once: @fastify/helmet builds it again for every request (the
  // policy's directives parsed each time: 2-3% of a load list request's CPU).
  const strictTransportSecurity = config.secureCookies
    ? { maxAge: 31_536_000, includeSubDomains: true }
    : false;
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity,
    referrerPolicy: { policy: "same-origin" },
    // Map tiles (MAP_TILE_URL) come from another origin without CORP headers.
    crossOriginEmbedderPolicy: false,
  });
  // A hashed script, style or image is no document: the document policies (CSP, framing, opener,
  // legacy X- headers) do nothing there and cost about 0.6 KB on each of a first screen's files.
  // Worker scripts are their own documents and keep them.
  const assetHeaders = helmet({
    strictTransportSecurity,
    referrerPolicy: { policy: "same-origin" },
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    const headers = isHashedAsset(request.url) ? assetHeaders : securityHeaders;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  const allowedOrigins = new Set(config.corsOrigins);
  await app.register(fastifyCors, {
    origin: (origin, done) => done(null, origin !== undefined && allowedOrigins.has(origin)),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    exposedHeaders: ["x-total-count", "x-page", "x-page-count", "x-per-page", "link", "content-disposition"],
    maxAge: 600,
  });
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], customTypes: COMPRESSIBLE });

  useRestBodyParser(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const expected = expectedError(error);
    if (expected) return sendJson(reply, expected.status, errorBody(expected), errorHeaders(expected));
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const refusal = bodyTooLarge(request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT);
      return sendJson(reply, refusal.status, errorBody(refusal));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a malformed URL or header, a bad Content-Length...).
      const refusal = new ValidationError(error.message);
      return sendJson(reply, status, { ...errorBody(refusal), code: error.code ?? refusal.code });
    }
    request.log.error({ err: error }, "unexpected error");
    return sendJson(reply, 500, {
      message: "Unexpected error.",
      error: "Unexpected error.",
      code: "INTERNAL",
      requestId: request.id,
    });
  });

  await registerOpenApi(app, version);
  registerGraphiQLAssets(app);
  // With METRICS_PORT, /metrics lives on that listener only (server/ops/metrics-server.ts).
  if (config.metricsToken && config.metricsPort === undefined) registerMetricsRoute(app, config.metricsToken);
  await routes(app);
  const client = await registerClientFiles(app, config.clientDistDir);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0];
    const api = pathname === "/api" || pathname.startsWith("/api/") || pathname === "/graphql";
    const read = request.method === "GET" || request.method === "HEAD";
    // A path the server has, with another method (OPTIONS is CORS' own, below).
    const allowed = request.method === "OPTIONS" ? undefined : methodsOf(pathname);
    if (allowed && !allowed.includes(request.method)) return sendMethodNotAllowed(reply, allowed);
    if (read && !api && isDriverRoute(pathname)) return client.sendDriverApp(reply);
    if (read && !api && isClientRoute(pathname)) return client.sendApp(reply);
    // A person who mistyped an address in a browser gets the app's own "Page not found" screen, with
    // a 404 status; every other caller (probes, scrapers, integrators) gets the JSON 404.
    if (read && !api && request.headers["sec-fetch-mode"] === "navigate") {
      return client.sendApp(reply.code(404));
    }
    if (request.method === "OPTIONS" && request.headers.origin !== undefined) {
      // A preflight from an origin CORS_ORIGINS does not list.
      return sendJson(reply, 403, {
        message: "Cross-origin requests from this origin are not allowed.",
        error: "Cross-origin requests from this origin are not allowed.",
        code: "CORS_ORIGIN_NOT_ALLOWED",
      });
    }
    return sendJson(reply, 404, NOT_FOUND);
  });
  return app;
}

/** A built, content-hashed client file other than a worker's script. */
function isHashedAsset(url: string): boolean {
  return url.startsWith("/assets/") && !url.includes(".worker-");
}
