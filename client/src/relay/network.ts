import type { FetchFunction, GraphQLResponse } from "relay-runtime";
import { SESSION_ENDED } from "../lib/auth-messages.ts";
import type { SessionStore } from "../lib/session-store.ts";
import { endSession } from "./end-session.ts";
import { authFailureOf, type GraphQLPayload, NetworkError, postGraphQL } from "./graphql-http.ts";
import { refreshAccessToken } from "./refresh.ts";

/**
 * Relay's fetch with the spec's session rules (section 4): the stored Bearer token on every call;
 * a 401 whose session ended (logout flag) ends it here too with the server's message; any other
 * 401 gets one refresh and one retry, and if that fails the credentials go and /login follows.
 */
export function createFetchFunction(session: SessionStore): FetchFunction {
  return async (request, variables) => {
    const body = JSON.stringify({ query: request.text, operationName: request.name, variables });
    const sentWith = session.getState().token;
    const first = await postGraphQL(body, sentWith);
    const failure = authFailureOf(first);
    if (!failure || !sentWith) return asRelayResponse(first);
    if (failure.kind === "ended") {
      endSession(session, failure.message || SESSION_ENDED);
      return asRelayResponse(first);
    }
    let token = session.getState().token;
    if (!token) return asRelayResponse(first);
    if (token === sentWith) {
      const refreshed = await refreshAccessToken(session);
      if (refreshed.kind === "unreachable") throw new NetworkError();
      if (refreshed.kind === "rejected") {
        endSession(session, refreshed.message);
        return asRelayResponse(first);
      }
      token = refreshed.token;
    }
    const second = await postGraphQL(body, token);
    const again = authFailureOf(second);
    if (again) endSession(session, again.kind === "ended" ? again.message || SESSION_ENDED : null);
    return asRelayResponse(second);
  };
}

function asRelayResponse(payload: GraphQLPayload): GraphQLResponse {
  return payload as GraphQLResponse;
}
