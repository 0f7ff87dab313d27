import type { SessionStore } from "../lib/session-store.ts";
import { authFailureOf, NetworkError, postGraphQL } from "./graphql-http.ts";

export type RefreshOutcome =
  | { kind: "fresh"; token: string }
  /** The server refused: no live session behind the cookie. `message` when it said why. */
  | { kind: "rejected"; message: string | null }
  | { kind: "unreachable" };

const REFRESH = JSON.stringify({
  query: "mutation RefreshAccessToken { refreshToken { accessToken } }",
  operationName: "RefreshAccessToken",
});

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Swaps the httpOnly refresh cookie for a new access token and stores it. Concurrent callers share
 * one request, since the server rotates the cookie on every refresh.
 */
export function refreshAccessToken(session: SessionStore): Promise<RefreshOutcome> {
  inFlight ??= requestRefresh(session).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function requestRefresh(session: SessionStore): Promise<RefreshOutcome> {
  try {
    const payload = await postGraphQL(REFRESH, null);
    const token = (payload.data?.refreshToken as { accessToken?: unknown } | undefined)?.accessToken;
    if (typeof token === "string") {
      session.replaceToken(token);
      return { kind: "fresh", token };
    }
    const failure = authFailureOf(payload);
    return { kind: "rejected", message: failure?.kind === "ended" ? failure.message : null };
  } catch (error) {
    if (error instanceof NetworkError) return { kind: "unreachable" };
    throw error;
  }
}
