import { createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRedisTransport } from "./pubsub-redis.ts";

/**
 * Just enough of Redis's protocol to stand in for it: answers the connection handshake, PING,
 * and SUBSCRIBE unless told to keep a SUBSCRIBE unanswered (a connection dying mid-command).
 */
async function startFakeRedis() {
  const sockets = new Set<Socket>();
  const subscribes: string[][] = [];
  let answerSubscribe = true;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      for (;;) {
        const parsed = parseCommand(buffered);
        if (!parsed) break;
        buffered = buffered.slice(parsed.length);
        const [name = "", ...args] = parsed.command;
        const command = name.toLowerCase();
        if (command === "subscribe") {
          subscribes.push(args);
          if (!answerSubscribe) continue;
          for (const [index, channel] of args.entries())
            socket.write(`*3\r\n$9\r\nsubscribe\r\n${bulk(channel)}:${index + 1}\r\n`);
        } else if (command === "info") {
          socket.write(bulk("# Server\r\nredis_version:7.0.0\r\nloading:0\r\n"));
        } else if (command === "ping") {
          socket.write("+PONG\r\n");
        } else {
          socket.write("+OK\r\n");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    subscribes,
    stopAnsweringSubscribe() {
      answerSubscribe = false;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function bulk(text: string) {
  return `$${Buffer.byteLength(text, "latin1")}\r\n${text}\r\n`;
}

/** One RESP array of bulk strings from the front of `input`, or null while it is incomplete. */
function parseCommand(input: string): { command: string[]; length: number } | null {
  const header = /^\*(\d+)\r\n/.exec(input);
  if (!header) return null;
  let offset = header[0].length;
  const command: string[] = [];
  for (let index = 0; index < Number(header[1]); index++) {
    const size = /^\$(\d+)\r\n/.exec(input.slice(offset));
    if (!size) return null;
    offset += size[0].length;
    if (input.length < offset + Number(size[1]) + 2) return null;
    command.push(input.slice(offset, offset + Number(size[1])));
    offset += Number(size[1]) + 2;
  }
  return { command, length: offset };
}

describe("the Redis transport", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off("unhandledRejection", onUnhandled);
  });

  it("leaves no rejected promise behind when closed while a resubscription after a reconnect is unanswered", async () => {
    process.on("unhandledRejection", onUnhandled);
    const redis = await startFakeRedis();
    const transport = createRedisTransport({
      url: redis.url,
      prefix: "t:",
      deliver: () => undefined,
      onEventsMissed: () => undefined,
    });
    try {
      transport.listen("offers");
      await vi.waitFor(() => expect(transport.connected()).toBe(true));
      await vi.waitFor(() => expect(redis.subscribes.flat()).toContain("t:offers"));
      const before = redis.subscribes.length;
      redis.stopAnsweringSubscribe();
      redis.dropConnections();
      // The subscriber came back and asked again for its channels; the answer never comes.
      await vi.waitFor(
        () => expect(redis.subscribes.slice(before).flat()).toEqual(expect.arrayContaining(["t:offers"])),
        { timeout: 5_000 },
      );
      await transport.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      await transport.close();
      await redis.close();
    }
  });
});
