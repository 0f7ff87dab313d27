import type { CacheConfig, FetchFunction, GraphQLResponse } from "relay-runtime";
import { SESSION_ENDED_MESSAGE as SESSION_ENDED } from "../../../common/session-messages.ts";
import type { SessionStore } from "../lib/session-store.ts";
import { endSession } from "./end-session.ts";
import {
  authFailureOf,
  type GraphQLPayload,
  NetworkError,
  postGraphQL,
  type UploadProgressListener,
} from "./graphql-http.ts";
import { refreshAccessToken } from "./refresh.ts";

/**
 * Relay's fetch with the spec's session rules (section 4): the stored Bearer token on every call;
 * a 401 whose session ended (logout flag) ends it here too with the server's message; any other
 * 401 gets one refresh and one retry, and if that fails the credentials go and /login follows.
 */
export function createFetchFunction(session: SessionStore): FetchFunction {
  return async (request, variables, cacheConfig) => {
    const body = JSON.stringify({ query: request.text, operationName: request.name, variables });
    const onUploadProgress = uploadProgressListenerOf(cacheConfig);
    const sentWith = session.getState().token;
    const first = await postGraphQL(body, sentWith, onUploadProgress);
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
    const second = await postGraphQL(body, token, onUploadProgress);
    const again = authFailureOf(second);
    if (again) endSession(session, again.kind === "ended" ? again.message || SESSION_ENDED : null);
    return asRelayResponse(second);
  };
}

function asRelayResponse(payload: GraphQLPayload): GraphQLResponse {
  return payload as GraphQLResponse;
}

/**
 * A mutation that sends a lot (the bulk upload) asks for progress through its cache config:
 * `cacheConfig: { metadata: { [UPLOAD_PROGRESS]: (sent, total) => ... } }`.
 */
export const UPLOAD_PROGRESS = "onUploadProgress";

function uploadProgressListenerOf(cacheConfig: CacheConfig): UploadProgressListener | undefined {
  const listener = cacheConfig.metadata?.[UPLOAD_PROGRESS];
  return typeof listener === "function" ? (listener as UploadProgressListener) : undefined;
}
