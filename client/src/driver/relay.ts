import { type Client, createClient } from "graphql-ws";
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
import { CSRF_HEADER } from "../relay/graphql-http.ts";
import { ApiError, accessToken, OfflineError, requestJson } from "./api.ts";
import { readSetting, writeSetting } from "./lib/local-db.ts";

/** The last answer of each query, kept on the phone so the trip opens offline. */
const cacheKey = (name: string, variables: unknown) => `query:${name}:${JSON.stringify(variables)}`;

const fetchQuery: FetchFunction = (request, variables) =>
  Observable.from(
    (async (): Promise<GraphQLResponse> => {
      const key = cacheKey(request.name, variables);
      try {
        const send = async (token: string | null) =>
          requestJson<GraphQLResponse>("/graphql", {
            method: "POST",
            token,
            headers: { [CSRF_HEADER]: "1" },
            body: JSON.stringify({ query: request.text, operationName: request.name, variables }),
          });
        let answer = await send(await accessToken());
        if (isUnauthenticated(answer)) answer = await send(await accessToken(true));
        if (request.operationKind === "query" && "data" in answer && answer.data && !answer.errors) {
          await writeSetting(key, answer);
        }
        return answer;
      } catch (error) {
        const offline = error instanceof OfflineError || (error instanceof ApiError && error.status >= 500);
        const kept =
          offline && request.operationKind === "query" ? await readSetting<GraphQLResponse>(key) : undefined;
        if (kept) return kept;
        throw error;
      }
    })(),
  );

function isUnauthenticated(answer: GraphQLResponse): boolean {
  const errors = "errors" in answer ? answer.errors : undefined;
  return (errors ?? []).some(
    (error) => (error as { extensions?: { code?: string } }).extensions?.code === "UNAUTHENTICATED",
  );
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/graphql`;
}

export interface DriverRelay {
  environment: Environment;
  dispose(): void;
}

/** One Relay environment per session: queries over HTTP (cached for offline), live changes over graphql-ws. */
export function createDriverRelay(): DriverRelay {
  let socket: Client | null = null;
  const client = () => {
    socket ??= createClient({
      url: socketUrl(),
      lazy: true,
      retryAttempts: Number.POSITIVE_INFINITY,
      connectionParams: async () => {
        const token = await accessToken().catch(() => null);
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    });
    return socket;
  };
  const subscribe: SubscribeFunction = (request, variables) =>
    Observable.create<GraphQLResponse>((sink) =>
      client().subscribe(
        { operationName: request.name, query: request.text ?? "", variables },
        {
          next: (value) => sink.next(value as GraphQLResponse),
          error: (error) =>
            sink.error(error instanceof Error ? error : new Error("The live connection failed")),
          complete: () => sink.complete(),
        },
      ),
    );
  return {
    environment: new Environment({
      network: Network.create(fetchQuery, subscribe),
      store: new Store(new RecordSource()),
    }),
    dispose() {
      void socket?.dispose();
      socket = null;
    },
  };
}
