import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";

/** Subscribes over graphql-ws and collects the payloads; `ready` resolves once the server acknowledged. */
export function subscribeOverWs<T>(baseUrl: string, token: string | null, query: string) {
  const received: T[] = [];
  const errors: unknown[] = [];
  let acknowledged: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    acknowledged = resolve;
  });
  const client = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    on: { connected: () => acknowledged() },
  });
  let completed = false;
  const dispose = client.subscribe<T>(
    { query },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) received.push(value.data as T);
      },
      error: (error) => errors.push(error),
      complete: () => {
        completed = true;
      },
    },
  );
  return {
    received,
    errors,
    ready,
    isComplete: () => completed,
    async close() {
      dispose();
      await client.dispose();
    },
  };
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A graphql-ws socket that records how it was closed (no retries: each close is seen). */
export function liveSocket(base: string, token: string) {
  const closes: number[] = [];
  let connected = false;
  const client: Client = createClient({
    url: `${base.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    on: {
      connected: () => {
        connected = true;
      },
      closed: (event) => {
        closes.push((event as { code: number }).code);
      },
    },
  });
  const dispose = client.subscribe(
    { query: "subscription { notificationAdded { title } }" },
    { next: () => undefined, error: () => undefined, complete: () => undefined },
  );
  return {
    closes,
    ready: (timeoutMs?: number) => waitFor(() => connected, timeoutMs),
    async close() {
      dispose();
      await client.dispose();
    },
  };
}
