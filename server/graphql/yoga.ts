import { setImmediate as nextTurn } from "node:timers/promises";
import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { PothosValidationError } from "@pothos/core";
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLHTTPErrorExtensions,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  type ValidationContext,
} from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import { type Context, contextFromRequest, type TransportInfo } from "../context.ts";
import type { Deps } from "../deps.ts";
import { type DomainError, errorHeaders, expectedError, ValidationError } from "../errors.ts";
import { LARGE_BODY_BYTES } from "../http/body.ts";
import { assertWellFormedText } from "../http/unicode.ts";
import { noteUnexpectedError, type OperationHolder, useOperationObserver } from "../ops/graphql-observer.ts";
import { schema } from "../schema.ts";
import { useBoundedInput } from "./bounded-input.ts";
import { useCompiledQueries } from "./compiled-queries.ts";
import { MAX_COST, operationCost, type Variables } from "./limits.ts";
import { assertNestingWithinLimit } from "./nesting.ts";
import { useResponseCacheEligibility } from "./response-cache.ts";
import { useSharedSubscriptionAnswers } from "./shared-subscriptions.ts";

/** Per-request values the HTTP layer hands to Yoga. */
export interface ServerContext {
  transport?: TransportInfo;
  /**
   * The request's context, built before Yoga runs (from the HTTP request, or from graphql-ws'
   * connectionParams) so that validation already knows the viewer.
   */
  appContext?: Context;
  /**
   * The body of a POST sent as JSON, already read by app.ts (within the viewer's size limit):
   * Yoga's JSON request parser reads this text instead of the request's stream.
   */
  bodyText?: string;
  /** Filled with the operation the request ran (its access line names it). */
  observedOperation?: OperationHolder;
}

/** JSON.parse, with the message Yoga's Request gives for a body that is not JSON. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) error.message += `, "${text}" is not valid JSON`;
    throw error;
  }
}

/** A JSON body app.ts has read: Yoga's own parser gets it without a stream. */
const useBodyReadByApp: Plugin<object, ServerContext> = {
  onRequestParse({ serverContext, requestParser, setRequestParser }) {
    const text = serverContext.bodyText;
    if (text === undefined || !requestParser) return;
    const read = { json: () => parseBody(text), text: () => text } as unknown as Request;
    setRequestParser(() => requestParser(read));
  },
};

export const CSRF_HEADER = "x-graphql-yoga-csrf";

function toGraphQLError(error: DomainError, original?: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: original?.nodes,
    source: original?.source,
    positions: original?.positions,
    path: original?.path,
    extensions: {
      code: error.code,
      http: { status: error.status, headers: errorHeaders(error) },
      ...(error.logout ? { logout: true } : {}),
      ...(error.fields.length ? { fields: error.fields } : {}),
    },
  });
}

function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError || (error instanceof Error && error.name === "GraphQLError");
}

/** The document budget (documented in README): every operation passes it before it runs. */
export const DOCUMENT_LIMITS = {
  tokens: 2_000,
  depth: 12,
  aliases: 15,
  directives: 20,
  /** graphql-armor's breadth cost (fields, times literal `first`/`last`). */
  breadthCost: 60_000,
} as const;

/**
 * What graphql-armor does not know: our list sizes and who is asking. Introspection is for signed-in
 * staff only in production.
 */
/** Variables and documents must be valid Unicode before they reach a service (400 otherwise). */
const useWellFormedParams: Plugin = {
  async onParams({ params, request }) {
    // A large body (an upload) was just parsed in this turn of the event loop: let others in first.
    if (Number(request.headers.get("content-length") ?? 0) > LARGE_BODY_BYTES) await nextTurn();
    assertWellFormedText(params);
  },
};

export const SUBSCRIPTIONS_OVER_SOCKETS =
  "Subscriptions run over WebSocket (graphql-ws) at /graphql, which ends them with the session.";

/**
 * One liveness rule for every long-lived channel: subscriptions run only on graphql-ws sockets,
 * which close with the session, the role or the token (socket-sessions.ts). Server-sent events
 * over HTTP would outlive a logout, and no client of ours uses them: they are refused.
 */
const useSubscriptionsOverSocketsOnly: Plugin = {
  onSubscribe({ args, setResultAndStopExecution }) {
    if ((args.contextValue as { socket?: unknown }).socket) return;
    setResultAndStopExecution({
      errors: [
        new GraphQLError(SUBSCRIPTIONS_OVER_SOCKETS, {
          extensions: { code: "SUBSCRIPTION_TRANSPORT", http: { status: 400, spec: false } },
        }),
      ],
    });
  },
};

/** Runs before graphql-armor's parser: refuses documents the recursive parser could choke on. */
const useNestingGuard: Plugin = {
  onParse({ params }) {
    assertNestingWithinLimit(params.source.toString());
  },
};

function useDocumentBudget(production: boolean): Plugin {
  return {
    onValidate({ addValidationRule, context }) {
      const viewer = (context as { appContext?: Context }).appContext?.viewer ?? null;
      if (production && viewer?.role !== "ADMIN") addValidationRule(NoSchemaIntrospectionCustomRule);
    },
    // After validation (whose cache is keyed by document, not by variables): the cost with variables.
    onExecute({ args, setResultAndStopExecution }) {
      const refused = overBudget(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refused = overBudget(args);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    // A document that does not parse or validate is the caller's mistake: a 400 for every client,
    // not only for those accepting application/graphql-response+json.
    onResultProcess({ result }) {
      if (Array.isArray(result) || !("errors" in result)) return;
      for (const error of result.errors ?? []) {
        const extensions = error.extensions as Record<string, unknown> | undefined;
        if (extensions && BAD_DOCUMENT_CODES.has(String(extensions.code))) {
          extensions.http = badRequestHttp(extensions);
        }
      }
    },
  };
}

const BAD_DOCUMENT_CODES = new Set([
  // Yoga's own request checks (no query, a query that is not a string, unknown parameters...).
  "BAD_REQUEST",
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "QUERY_TOO_EXPENSIVE",
]);

/** A malformed request's HTTP answer: 400, but a wrong method keeps Yoga's 405 and its Allow header. */
function badRequestHttp(extensions: Record<string, unknown>): GraphQLHTTPErrorExtensions {
  const http = extensions.http as GraphQLHTTPErrorExtensions | undefined;
  return http?.status === 405 ? http : { status: 400, spec: false };
}

function overBudget(args: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: Variables;
  contextValue: unknown;
}): GraphQLError | null {
  const viewer = (args.contextValue as Context).viewer;
  const maxCost = viewer ? MAX_COST.signedIn : MAX_COST.anonymous;
  const cost = operationCost(args.schema, args.document, args.operationName, args.variableValues);
  if (cost <= maxCost) return null;
  return new GraphQLError(`Query is too expensive (cost ${Math.round(cost)} > ${maxCost}).`, {
    extensions: { code: "QUERY_TOO_EXPENSIVE", http: { status: 400, spec: false } },
  });
}

function armorPlugins(): Plugin[] {
  // Report through the validation context (all problems at once, as a 400) instead of throwing.
  const limits = {
    exposeLimits: true,
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
  };
  return [
    // The parser stops at the limit, so a huge or 5,000-deep document never reaches the recursion.
    maxTokensPlugin({ exposeLimits: true, n: DOCUMENT_LIMITS.tokens }),
    maxDepthPlugin({ ...limits, n: DOCUMENT_LIMITS.depth, flattenFragments: true }),
    maxAliasesPlugin({ ...limits, n: DOCUMENT_LIMITS.aliases, allowList: [] }),
    maxDirectivesPlugin({ ...limits, n: DOCUMENT_LIMITS.directives }),
    costLimitPlugin({
      ...limits,
      maxCost: DOCUMENT_LIMITS.breadthCost,
      objectCost: 1,
      scalarCost: 1,
      depthCostFactor: 1,
      flattenFragments: true,
      ignoreIntrospection: false,
    }),
    blockFieldSuggestionsPlugin(),
  ] as Plugin[];
}

function withExtensions(error: GraphQLError, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions,
  });
}

export function createGraphQLServer(deps: Deps) {
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    // app.ts reads every body first, within the viewer's limit (GRAPHQL_BODY_LIMIT*): Yoga's own
    // limit would pipe each body through a second stream.
    maxRequestBodySize: false,
    // Expected failures are answers, not incidents; maskError logs the unexpected ones.
    logging: false,
    context: async ({ request, appContext, transport }) =>
      appContext ?? contextFromRequest(deps, request, transport ?? { ip: "unknown", responseCookies: [] }),
    maskedErrors: {
      maskError(error, message) {
        // Duck-typed: under Vite (tests) graphql can load twice (ESM and CJS builds), and then
        // the executor's GraphQLError is not an instance of this module's GraphQLError.
        const graphQLError = isGraphQLError(error) ? error : null;
        const original = graphQLError ? graphQLError.originalError : error;
        const expected = expectedError(original);
        if (expected) return toGraphQLError(expected, graphQLError ?? undefined);
        // Malformed global ids and similar input problems Pothos detects itself.
        if (original instanceof PothosValidationError) {
          return toGraphQLError(new ValidationError(original.message), graphQLError ?? undefined);
        }
        // GraphQL's own errors (bad input, e.g. an unknown enum value) are for the client to see.
        if (graphQLError && (!original || isGraphQLError(original))) {
          // Yoga's parser puts its own SyntaxError under `originalError`: not the client's business.
          const { originalError: _parserError, ...extensions } = graphQLError.extensions as Record<
            string,
            unknown
          >;
          if (!BAD_DOCUMENT_CODES.has(String(extensions.code))) {
            return _parserError === undefined ? graphQLError : withExtensions(graphQLError, extensions);
          }
          // A malformed request (no query, wrong shapes) is a 400 for every client too.
          return withExtensions(graphQLError, { ...extensions, http: badRequestHttp(extensions) });
        }
        const masked = new GraphQLError(message, {
          nodes: graphQLError?.nodes,
          path: graphQLError?.path,
          extensions: { code: "INTERNAL" },
        });
        // Logged where the answer leaves, with its request id (server/ops/graphql-observer.ts).
        noteUnexpectedError(masked, original ?? error);
        return masked;
      },
      errorMessage: "Unexpected error.",
    },
    // GraphiQL is the edge's own page (server/http/graphiql/): Yoga never renders one (its page
    // would load a CDN and carry a token).
    graphiql: false,
    plugins: [
      useOperationObserver,
      useBodyReadByApp,
      useCSRFPrevention({ requestHeaders: [CSRF_HEADER] }),
      useWellFormedParams,
      useNestingGuard,
      ...armorPlugins(),
      useDocumentBudget(deps.config.production),
      useSubscriptionsOverSocketsOnly,
      useBoundedInput,
      useResponseCacheEligibility,
      useSharedSubscriptionAnswers,
      ...(deps.config.compiledQueries ? [useCompiledQueries(schema)] : []),
    ],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
