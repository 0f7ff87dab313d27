import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, createUser, loginAs, type TestApp } from "../support/app.ts";

/** Pings every 200 ms here (30 s by default): enough rounds to see within a second. */
const PING_SECONDS = 0.2;

let t: TestApp;
let url: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ wsPingSeconds: PING_SECONDS });
  await createUser(t.app, { email: "quiet@example.com" });
  token = (await loginAs(t.app, "quiet@example.com")).token;
  url = (await t.app.start(0)).replace(/^http/, "ws");
});
afterAll(() => t.close());

/** A graphql-ws connection, acknowledged; `autoPong: false` plays a peer that has vanished. */
async function openSocket(autoPong: boolean) {
  const socket = new WebSocket(`${url}/graphql`, "graphql-transport-ws", { autoPong });
  const pings: number[] = [];
  socket.on("ping", () => pings.push(Date.now()));
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
  await new Promise<void>((resolve) =>
    socket.on("message", (data) => {
      if (JSON.parse(String(data)).type === "connection_ack") resolve();
    }),
  );
  return { socket, pings, closed };
}

describe("WebSocket keep-alive pings", () => {
  it("pings a quiet socket every interval and keeps it while it answers", async () => {
    const quiet = await openSocket(true);
    await new Promise((resolve) => setTimeout(resolve, PING_SECONDS * 1000 * 5));
    expect(quiet.pings.length).toBeGreaterThanOrEqual(3);
    expect(quiet.socket.readyState).toBe(WebSocket.OPEN);
    quiet.socket.close();
  });

  it("drops a socket that misses a pong", async () => {
    const vanished = await openSocket(false);
    const openedAt = Date.now();
    const code = await vanished.closed;
    expect(code).toBe(1006);
    expect(vanished.pings.length).toBeGreaterThanOrEqual(1);
    expect(Date.now() - openedAt).toBeLessThan(PING_SECONDS * 1000 * 4);
  });
});
