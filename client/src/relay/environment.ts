import type { Client } from "graphql-ws";
import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  type RequestParameters,
  Store,
  type SubscribeFunction,
} from "relay-runtime";
import type { SessionStore } from "../lib/session-store.ts";
import { noteDataArrived } from "./data-freshness.ts";
import { endSession } from "./end-session.ts";
import type { LiveEvents } from "./live-gaps.ts";
import { createFetchFunction } from "./network.ts";
import { takePreloadedResponse } from "./preloaded-responses.ts";
import { trackScreenQueries } from "./screen-queries.ts";

export interface RelayRuntime {
  environment: Environment;
  /** Closes the WebSocket; a later subscription opens a new one. */
  dispose(): void;
}

const NOT_SCREEN_DATA = new Set(["SessionWatcherQuery"]);

/**
 * After the live connection comes back from a gap, the screens' queries are fetched again a moment
 * later: by then the subscriptions are back on the server, so nothing falls between the two.
 */
const REFETCH_AFTER_RESUME_MS = 250;

/** What the live connection needs of a graphql-ws client. */
export type LiveClient = Pick<Client, "subscribe" | "dispose">;

export type LiveClientFactory = (session: SessionStore, events: LiveEvents) => LiveClient;

/**
 * A subscription's `cacheConfig.metadata` key: a function called once the subscription is live
 * (`REFETCH_AFTER_RESUME_MS` after the socket it went out on was acknowledged, or after it was sent on
 * one already open). A screen whose subscription starts after its query was answered (after the
 * first screen has shown) fetches that query again then, so no event between the two is lost.
 */
export const WHEN_LIVE = "whenLive";

/**
 * Asked when the server refuses the socket: the fetch function's rules (section 4) end the session
 * with the server's message if it ended, or refresh the token if only that had expired.
 */
const CONFIRM_SESSION: RequestParameters = {
  id: null,
  cacheID: "ConfirmSessionQuery",
  name: "ConfirmSessionQuery",
  operationKind: "query",
  text: "query ConfirmSessionQuery { checkSession { valid } }",
  metadata: {},
};

/** graphql-ws loads with the first subscription, not with the first screen's code. */
const loadLiveClientFactory = (): Promise<LiveClientFactory> =>
  import("./ws-client.ts").then((module) => module.createWsClient);

/**
 * One environment (and store) per signed-in user: the session's epoch decides when to make a new one.
 * `loadClientFactory` is graphql-ws' code (tests give their own).
 */
export function createRelayRuntime(
  session: SessionStore,
  loadClientFactory: () => Promise<LiveClientFactory> = loadLiveClientFactory,
): RelayRuntime {
  let wsClient: Promise<LiveClient> | null = null;
  let pendingRefetch: ReturnType<typeof setTimeout> | undefined;
  // Whether the socket is acknowledged now, and who waits for it to be.
  let connected = false;
  const waitingForConnection = new Set<() => void>();
  const socket = () => {
    if (wsClient) return wsClient;
    const loading = loadClientFactory().then((createClient) =>
      createClient(session, {
        resumedAfterGap() {
          clearTimeout(pendingRefetch);
          pendingRefetch = setTimeout(() => screenQueries.refetch(), REFETCH_AFTER_RESUME_MS);
        },
        connected() {
          connected = true;
          const waiting = [...waitingForConnection];
          waitingForConnection.clear();
          for (const wait of waiting) wait();
        },
        closed() {
          connected = false;
        },
        refused() {
          if (session.getState().token) void confirmSession();
        },
        sessionEnded(message) {
          endSession(session, message);
        },
      }),
    );
    // A chunk that failed to load (the network dropped) is asked for again by the next subscription.
    loading.catch(() => {
      if (wsClient === loading) wsClient = null;
    });
    wsClient = loading;
    return loading;
  };

  const subscribe: SubscribeFunction = (request, variables, cacheConfig) =>
    Observable.create<GraphQLResponse>((sink) => {
      let unsubscribe: (() => void) | null = null;
      let ended = false;
      let whenLiveTimer: ReturnType<typeof setTimeout> | undefined;
      const whenLive = cacheConfig?.metadata?.[WHEN_LIVE];
      const live = () => {
        if (ended || typeof whenLive !== "function") return;
        whenLiveTimer = setTimeout(() => whenLive(), REFETCH_AFTER_RESUME_MS);
      };
      const pending = socket();
      pending.then(
        (client) => {
          if (ended) return;
          // The runtime was disposed while graphql-ws loaded: this subscription ends as an open one
          // does when its socket closes, rather than open a socket that nobody closes any more.
          if (wsClient !== pending) {
            sink.complete();
            return;
          }
          unsubscribe = client.subscribe(
            { operationName: request.name, query: request.text ?? "", variables },
            {
              next: (value) => {
                noteDataArrived();
                sink.next(value as GraphQLResponse);
              },
              error: (error) =>
                sink.error(error instanceof Error ? error : new Error("The live connection failed")),
              complete: () => sink.complete(),
            },
          );
          if (connected) live();
          else waitingForConnection.add(live);
        },
        () => sink.error(new Error("The live connection failed")),
      );
      return () => {
        ended = true;
        clearTimeout(whenLiveTimer);
        waitingForConnection.delete(live);
        unsubscribe?.();
      };
    });

  const fetchOnce = createFetchFunction(session);
  // One question at a time: a refused socket and its operations' errors arrive together.
  let confirming: Promise<unknown> | null = null;
  const confirmSession = () => {
    confirming ??= Observable.from(fetchOnce(CONFIRM_SESSION, {}, {}))
      .toPromise()
      .catch(() => undefined)
      .finally(() => {
        confirming = null;
      });
    return confirming;
  };
  // The 5-minute session check is no data the user sees: it leaves 'last update' as it was.
  const fetchAndNote: FetchFunction = (request, variables, ...rest) => {
    const preloaded = takePreloadedResponse(request, variables, session.getState().token);
    const answer = Observable.from(preloaded ?? fetchOnce(request, variables, ...rest));
    return NOT_SCREEN_DATA.has(request.name) ? answer : answer.do({ next: () => noteDataArrived() });
  };

  const environment = new Environment({
    network: Network.create(fetchAndNote, subscribe),
    store: new Store(new RecordSource()),
  });
  const screenQueries = trackScreenQueries(environment);
  return {
    environment,
    dispose() {
      clearTimeout(pendingRefetch);
      // graphql-ws' dispose waits for a connection still being made and rejects with its CloseEvent
      // when that attempt is refused (the session has just ended): nobody is left to tell.
      wsClient?.then((client) => client.dispose()).catch(() => undefined);
      wsClient = null;
      connected = false;
      waitingForConnection.clear();
    },
  };
}
