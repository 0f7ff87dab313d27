import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

/**
 * A TCP proxy in front of a real PostgreSQL or Redis that a test can make misbehave:
 * - `open`: bytes flow both ways (the default);
 * - `refuse`: nothing listens (a new connection gets ECONNREFUSED) and every open connection is
 *   cut, as when the server stops;
 * - `blackhole`: connections are accepted but nothing is forwarded either way, open ones included
 *   (packets dropped: a partition, a dead host behind a live address).
 * Back to `open`, connections that sat in the blackhole are cut (their bytes are lost; the clients
 * must reconnect) and new ones flow again.
 */
export type ProxyMode = "open" | "refuse" | "blackhole";

export interface TcpProxy {
  port: number;
  /** `target` with its host and port replaced by the proxy's (e.g. a DATABASE_URL or REDIS_URL). */
  urlFor(target: string): string;
  mode(): ProxyMode;
  open(): Promise<void>;
  refuse(): Promise<void>;
  blackhole(): Promise<void>;
  /** Connections accepted so far (in any mode). */
  accepted(): number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
  /** Accepted or caught in a blackhole: never forwards again. */
  dropped: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let current: ProxyMode = "open";
  let acceptedCount = 0;
  const pairs = new Set<Pair>();
  let server: Server = createServer();

  const cut = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  const accept = (client: Socket) => {
    acceptedCount++;
    client.setNoDelay(true);
    const pair: Pair = { client, upstream: null, dropped: current !== "open" };
    pairs.add(pair);
    client.on("error", () => cut(pair));
    client.on("close", () => cut(pair));
    if (pair.dropped) {
      client.on("data", () => undefined);
      return;
    }
    const upstream = tcpConnect({ host: target.host, port: target.port });
    upstream.setNoDelay(true);
    pair.upstream = upstream;
    upstream.on("error", () => cut(pair));
    upstream.on("close", () => cut(pair));
    client.on("data", (chunk) => {
      if (!pair.dropped) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!pair.dropped) client.write(chunk);
    });
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(accept);
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  const port = await listen(0);

  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    mode: () => current,
    async open() {
      if (current === "open") return;
      for (const pair of [...pairs]) if (pair.dropped) cut(pair);
      if (current === "refuse") await listen(port);
      current = "open";
    },
    async refuse() {
      if (current === "refuse") return;
      current = "refuse";
      for (const pair of [...pairs]) cut(pair);
      await stopListening();
    },
    async blackhole() {
      if (current === "refuse") await listen(port);
      current = "blackhole";
      for (const pair of pairs) pair.dropped = true;
    },
    accepted: () => acceptedCount,
    async close() {
      for (const pair of [...pairs]) cut(pair);
      await stopListening();
    },
  };
}
