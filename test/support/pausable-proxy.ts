import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of a real service (Redis, PostgreSQL) that a test can take away: `cut()`
 * refuses and resets connections (the service went down), `silence()` keeps connections open but
 * lets no byte through either way (packets dropped), `restore()` serves again on the same port.
 */
export interface PausableProxy {
  port: number;
  /** Connections open through it now. */
  connections(): number;
  cut(): Promise<void>;
  silence(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let silent = false;
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const listener = createServer((client) => {
      const upstream = connect(target.port, target.host);
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      const forward = (to: Socket) => (chunk: Buffer) => {
        if (!silent) to.write(chunk);
      };
      client.on("data", forward(upstream));
      upstream.on("data", forward(client));
      const end = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      for (const socket of pair) {
        socket.on("close", end);
        socket.on("error", end);
      }
    });
    await new Promise<void>((resolve) => listener.listen(port, "127.0.0.1", resolve));
    port = (listener.address() as { port: number }).port;
    server = listener;
  };

  const cut = async () => {
    const listener = server;
    server = undefined;
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    if (listener) await new Promise((resolve) => listener.close(resolve));
  };

  await listen();
  return {
    port,
    connections: () => pairs.size,
    cut,
    silence: () => {
      silent = true;
    },
    restore: async () => {
      silent = false;
      if (!server) await listen();
    },
    close: cut,
  };
}
