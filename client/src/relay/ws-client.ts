import { type Client, createClient } from "graphql-ws";
import { expiresSoon } from "../lib/jwt.ts";
import type { SessionStore } from "../lib/session-store.ts";
import { createGapDetector, isRefusedClose, type LiveEvents } from "./live-gaps.ts";
import { refreshAccessToken } from "./refresh.ts";

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/graphql`;
}

/**
 * graphql-ws on /graphql. The token travels in connectionParams, read at every (re)connection;
 * a token about to expire is refreshed first so a reconnect does not fail authorization.
 * `events.resumedAfterGap` runs when it reconnects after a gap in which pushed events may have been
 * lost; `connected` and `closed` at every acknowledged connection and every close; `refused` when
 * the server closed it because the session may have ended.
 */
export function createWsClient(session: SessionStore, events: LiveEvents): Client {
  const gaps = createGapDetector(events.resumedAfterGap);
  const client = createClient({
    url: socketUrl(),
    lazy: true,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => session.getState().token !== null,
    connectionParams: async () => {
      let token = session.getState().token;
      if (token && expiresSoon(token, Date.now())) {
        const refreshed = await refreshAccessToken(session);
        if (refreshed.kind === "fresh") token = refreshed.token;
      }
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    on: {
      connected: () => {
        gaps.connected();
        events.connected();
      },
      closed: (event) => {
        gaps.closed(event);
        events.closed();
        if (isRefusedClose(event)) events.refused();
      },
    },
  });
  listenForSessionEnd(client, events);
  return client;
}

const SESSION_ENDED_NOTICE = "subscription SessionEndedNotice { sessionEnded { message } }";

/**
 * For as long as the socket lives, the server's notice that this session ended elsewhere (another
 * login replaced it, a logout, a reset password) or that the account's role changed. The server stops every other operation at that
 * moment and closes the socket a moment later; this one it lets through first, with the reason.
 */
function listenForSessionEnd(client: Client, events: LiveEvents) {
  client.subscribe<{ sessionEnded: { message: string } | null }>(
    { operationName: "SessionEndedNotice", query: SESSION_ENDED_NOTICE },
    {
      next: ({ data }) => {
        if (data?.sessionEnded) events.sessionEnded(data.sessionEnded.message);
      },
      // A refused or closed socket is the `closed` handler's business.
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
