import { pipeline, Transform } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sessionOfCookie } from "../auth/staff-console.ts";
import { contextFromRequest } from "../context.ts";
import type { Deps } from "../deps.ts";
import { errorHeaders, expectedError } from "../errors.ts";
import type { ResponseCache } from "../graphql/response-cache.ts";
import { type GraphQLServer, SUBSCRIPTIONS_OVER_SOCKETS } from "../graphql/yoga.ts";
import { cachedOperation, type OperationHolder } from "../ops/graphql-observer.ts";
import { assertJsonDepth, bodyTooLarge } from "./body.ts";
import { sendGraphiQL } from "./graphiql/routes.ts";
import type { AdmissionGate } from "./overload.ts";
import { headerSource, transportOf } from "./request-info.ts";
import { sendFetchResponse, sendJson } from "./responses.ts";
import { decodeUtf8 } from "./unicode.ts";

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

function fetchHeaders(request: FastifyRequest, HeadersClass: typeof Headers): Headers {
  const headers = new HeadersClass();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

function wantsGraphiQL(request: FastifyRequest): boolean {
  return (
    request.method === "GET" &&
    !(request.query as Record<string, unknown>).query &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

export interface GraphQLRouteOptions {
  deps: Deps;
  yoga: GraphQLServer;
  responseCache: ResponseCache;
  /** Shared with the REST routes (overload.ts). */
  admission: AdmissionGate;
}

/**
 * Yoga at /graphql on Fastify. The viewer is known (from headers) before the body is read and
 * before Yoga validates: the body limit, the document budget and introspection depend on it. The
 * body arrives as text, handed to Yoga's parser without a second read; the answer goes back
 * through Fastify (compression, security headers).
 */
export function registerGraphQLRoute(app: FastifyInstance, options: GraphQLRouteOptions): void {
  const { deps, yoga, responseCache, admission } = options;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: GRAPHQL_BODY_LIMIT },
      async (_request: FastifyRequest, bytes: Buffer) => decodeUtf8(bytes),
    );
    // First: a request past the limit costs no session read, and each starts on a turn of its own.
    scope.addHook("onRequest", admission.hook("graphql"));
    scope.addHook("onRequest", async (request, reply) => {
      try {
        request.appContext = await contextFromRequest(deps, headerSource(request), transportOf(request));
      } catch (error) {
        const expected = expectedError(error);
        if (expected?.code !== "DATABASE_UNAVAILABLE") throw error;
        // In GraphQL's shape, as Yoga would answer it: clients read `errors`, not the REST body.
        const body = { errors: [{ message: expected.message, extensions: { code: expected.code } }] };
        return sendJson(reply, expected.status, body, errorHeaders(expected));
      }
    });
    scope.addHook("preParsing", async (request, _reply, payload) => {
      const limit =
        request.appContext?.viewer?.role === "ADMIN" ? GRAPHQL_BODY_LIMIT : GRAPHQL_BODY_LIMIT_NON_ADMIN;
      const declared = request.headers["content-length"];
      if (declared === undefined) {
        // A chunked body: counted as it arrives.
        let received = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            done(received > limit ? bodyTooLarge(limit) : null, chunk);
          },
        });
        pipeline(payload, counted, () => {});
        return counted;
      } else if (Number(declared) > limit) {
        throw bodyTooLarge(limit);
      }
      return payload;
    });
    scope.route({
      // Every method reaches Yoga, which answers the others 405 in GraphQL's shape (Allow: GET, POST).
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url: "/graphql",
      schema: { hide: true },
      handler: (request, reply) => answer(request, reply),
    });
  });

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (wantsGraphiQL(request))
      return sendGraphiQL(reply, await sessionOfCookie(deps, request.headers.cookie));
    const accept = request.headers.accept ?? "";
    if (accept.includes("text/event-stream") && !accept.includes("json")) {
      return sendJson(reply, 406, {
        message: SUBSCRIPTIONS_OVER_SOCKETS,
        error: SUBSCRIPTIONS_OVER_SOCKETS,
        code: "SSE_NOT_SUPPORTED",
      });
    }
    const appContext = request.appContext;
    if (!appContext) throw new Error("The GraphQL route's context is made by its onRequest hook.");
    const transport = transportOf(request);
    const text = typeof request.body === "string" ? request.body : "";
    const contentType = request.headers["content-type"] ?? "";
    if (text && contentType.includes("json")) assertJsonDepth(text);
    // A JSON POST (every client's) hands Yoga the text; any other body goes in the request.
    // The request has no abort signal: an operation runs to its end even when the caller hangs up.
    const bodyText = request.method === "POST" && isYogaJsonBody(contentType) ? text : undefined;
    const fetchRequest = new yoga.fetchAPI.Request(new URL(request.url, "http://localhost"), {
      method: request.method,
      headers: fetchHeaders(request, yoga.fetchAPI.Headers),
      body: request.method === "POST" && bodyText === undefined ? text : null,
    });
    const observed: OperationHolder = {};
    const forward = (context: typeof appContext) =>
      yoga.fetch(fetchRequest, { transport, appContext: context, bodyText, observedOperation: observed });
    const key = responseCache.keyOf(fetchRequest, appContext.viewer, text);
    const cached = key === null ? null : responseCache.lookup(key);
    const response =
      key === null
        ? await forward(appContext)
        : (cached ?? (await responseCache.fill(key, appContext, forward)));
    request.graphqlOperation = cached
      ? cachedOperation(text)
      : (observed.operation ?? { name: null, type: "unknown" });
    return sendFetchResponse(reply, response);
  }
}
