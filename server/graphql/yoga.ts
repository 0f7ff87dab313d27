import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { PothosValidationError } from "@pothos/core";
import { GraphQLError } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import { REFRESH_COOKIE } from "../auth/service.ts";
import { accessTokenFor, sessionOfRefreshToken } from "../auth/sessions.ts";
import { type Context, contextFromRequest, type Deps, type TransportInfo } from "../context.ts";
import { DomainError, ValidationError } from "../errors.ts";
import { parseCookies } from "../http/cookies.ts";
import { schema } from "../schema.ts";
import { queryLimitsRule } from "./limits.ts";

/** Per-request values the HTTP layer hands to Yoga. */
export interface ServerContext {
  transport?: TransportInfo;
  /** Set by graphql-ws: the context was built from connectionParams already. */
  wsContext?: Context;
}

export const CSRF_HEADER = "x-graphql-yoga-csrf";

function toGraphQLError(error: DomainError, original?: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: original?.nodes,
    path: original?.path,
    extensions: {
      code: error.code,
      http: { status: error.status },
      ...(error.logout ? { logout: true } : {}),
      ...(error.fields.length ? { fields: error.fields } : {}),
    },
  });
}

function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError || (error instanceof Error && error.name === "GraphQLError");
}

const useQueryLimits: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(queryLimitsRule);
  },
};

export function createGraphQLServer(deps: Deps) {
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    // Expected failures are answers, not incidents; maskError logs the unexpected ones.
    logging: false,
    context: async ({ request, wsContext, transport }) =>
      wsContext ?? contextFromRequest(deps, request, transport ?? { ip: "unknown", responseCookies: [] }),
    maskedErrors: {
      maskError(error, message) {
        // Duck-typed: under Vite (tests) graphql can load twice (ESM and CJS builds), and then
        // the executor's GraphQLError is not an instance of this module's GraphQLError.
        const graphQLError = isGraphQLError(error) ? error : null;
        const original = graphQLError ? graphQLError.originalError : error;
        if (original instanceof DomainError) return toGraphQLError(original, graphQLError ?? undefined);
        // Malformed global ids and similar input problems Pothos detects itself.
        if (original instanceof PothosValidationError) {
          return toGraphQLError(new ValidationError(original.message), graphQLError ?? undefined);
        }
        // GraphQL's own errors (bad input, e.g. an unknown enum value) are for the client to see.
        if (graphQLError && (!original || isGraphQLError(original))) return graphQLError;
        console.error("[graphql]", original ?? error);
        return new GraphQLError(message, {
          nodes: graphQLError?.nodes,
          path: graphQLError?.path,
          extensions: { code: "INTERNAL" },
        });
      },
      errorMessage: "Unexpected error.",
    },
    graphiql: async (request) => {
      // Only reached for signed-in admins (see app.ts); their session token is filled in.
      const session = await sessionOfRefreshToken(
        deps,
        parseCookies(request.headers.get("cookie"))[REFRESH_COOKIE],
      );
      if (!session) return false;
      const token = await accessTokenFor(deps, session.userId, session.user.role, session.id);
      return {
        title: "Freightway GraphQL",
        headers: JSON.stringify({ Authorization: `Bearer ${token}`, [CSRF_HEADER]: "1" }),
        subscriptionsProtocol: "WS",
      };
    },
    plugins: [useCSRFPrevention({ requestHeaders: [CSRF_HEADER] }), useQueryLimits],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
