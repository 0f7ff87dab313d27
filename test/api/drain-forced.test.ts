import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { type MainProcess, startMainProcess } from "../support/main-process.ts";

/** When draining cannot finish: a request whose headers never end holds it. */
let database: TestDatabase;
let server: MainProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
});
afterAll(() => database.drop());

async function stuckRequest(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => undefined);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(`GET /livez HTTP/1.1\r\nHost: ${hostname}\r\n`);
}

const messages = (process: MainProcess) => process.logs.map((entry) => entry.msg);

describe("a drain that cannot finish", () => {
  it("cuts what is left when the grace runs out and exits 1", async () => {
    server = await startMainProcess(database.url, {
      SHUTDOWN_DELAY_SECONDS: "0.1",
      SHUTDOWN_GRACE_SECONDS: "0.5",
    });
    await stuckRequest(server.url);
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 1, signal: null });
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(600);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    expect(messages(server)).toContain("grace ran out: cutting the requests still running");
  });

  it("exits 1 at once on a second signal", async () => {
    server = await startMainProcess(database.url, {
      SHUTDOWN_DELAY_SECONDS: "0.1",
      SHUTDOWN_GRACE_SECONDS: "30",
    });
    await stuckRequest(server.url);
    server.child.kill("SIGTERM");
    // Past the echo window a repeated signal is the operator's, not npm's copy of a Ctrl-C.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(server.child.exitCode).toBeNull();
    const secondAt = Date.now();
    server.child.kill("SIGINT");
    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 1, signal: null });
    expect(exit.at - secondAt).toBeLessThan(3_000);
    expect(messages(server)).toContain("second signal: exiting now");
  });
});
