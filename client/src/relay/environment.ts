import type { Client } from "graphql-ws";
import {
  Environment,
  type FetchFunction,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  Store,
  type SubscribeFunction,
} from "relay-runtime";
import type { SessionStore } from "../lib/session-store.ts";
import { noteDataArrived } from "./data-freshness.ts";
import { createFetchFunction } from "./network.ts";
import { takePreloadedResponse } from "./preloaded-responses.ts";
import { trackScreenQueries } from "./screen-queries.ts";
import { createWsClient } from "./ws-client.ts";

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

/** One environment (and store) per signed-in user: the session's epoch decides when to make a new one. */
export function createRelayRuntime(session: SessionStore): RelayRuntime {
  let wsClient: Client | null = null;
  let pendingRefetch: ReturnType<typeof setTimeout> | undefined;
  const socket = () => {
    wsClient ??= createWsClient(session, () => {
      clearTimeout(pendingRefetch);
      pendingRefetch = setTimeout(() => screenQueries.refetch(), REFETCH_AFTER_RESUME_MS);
    });
    return wsClient;
  };

  const subscribe: SubscribeFunction = (request, variables) =>
    Observable.create<GraphQLResponse>((sink) =>
      socket().subscribe(
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
      ),
    );

  const fetchOnce = createFetchFunction(session);
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
      void wsClient?.dispose();
      wsClient = null;
    },
  };
}
