import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { adminUrl, testProvider } from "../support/database-url.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { waitFor } from "../support/ws.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface LogLine {
  level: string;
  msg: string;
  attempt?: number;
  retryInMs?: number;
}

/** The first retries' waits: 0.5 s doubling (server/db/wait-for-database.ts). */
const BACKOFF_MS = [500, 1_000, 2_000];

/**
 * The server as `npm run dev` runs it (server/main.ts), started while its database refuses
 * connections or drops their packets.
 */
describe.runIf(testProvider === "postgresql")("starting while the database is down", () => {
  let proxy: TcpProxy | undefined;
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "freightway-start-"));

  async function stopAll() {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    child = undefined;
    await proxy?.close();
    proxy = undefined;
    await database?.drop();
    database = undefined;
  }

  afterEach(stopAll);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("logs each retry with its backoff and comes up by itself when the database opens", async () => {
    await startsWhile("refuse");
  }, 90_000);

  // Unreachable (packets dropped): each attempt ends at DB_CONNECT_TIMEOUT_MS, never a silent hang.
  it("does the same while packets to the database are dropped", async () => {
    await startsWhile("blackhole");
  }, 90_000);

  async function startsWhile(mode: "refuse" | "blackhole") {
    const target = new URL(adminUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy[mode]();
    // Empty: the start migrates it once it can reach it.
    database = await createTestDatabase({ empty: true });
    const port = await freePort();
    const { VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...parentEnv } = process.env;
    child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...parentEnv,
        DATABASE_URL: proxy.urlFor(database.url),
        PORT: String(port),
        HOST: "127.0.0.1",
        JWT_SECRET: "test-secret-test-secret-test-secret",
        REDIS_URL: "",
        LOG_LEVEL: "info",
        DB_CONNECT_TIMEOUT_MS: "1000",
        OUTBOX_DIR: join(dataDir, "outbox"),
        CLIENT_DIST_DIR: join(dataDir, "no-client"),
        ADMIN_EMAIL: "",
        SEED_DEMO: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: LogLine[] = [];
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      for (const text of output.split("\n").slice(0, -1)) {
        if (text.startsWith("{")) lines.push(JSON.parse(text) as LogLine);
      }
      output = output.slice(output.lastIndexOf("\n") + 1);
    });
    let exitCode: number | null = null;
    child.on("exit", (code) => {
      exitCode = code;
    });

    const waits = () => lines.filter((line) => line.msg === "waiting for the database");
    const spawnedAt = Date.now();
    await waitFor(() => waits().length >= BACKOFF_MS.length || exitCode !== null, 30_000);
    const waitedMs = Date.now() - spawnedAt;
    expect(exitCode).toBeNull();
    expect(waits().map((line) => [line.level, line.attempt, line.retryInMs])).toEqual(
      BACKOFF_MS.map((ms, index) => ["warn", index + 1, ms]),
    );

    await proxy.open();
    const openedAt = Date.now();
    let healthy = false;
    const started = Date.now();
    while (!healthy && Date.now() - started < 15_000 && exitCode === null) {
      healthy = (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy).toBe(true);
    expect(lines.some((line) => line.msg === "the database is reachable")).toBe(true);
    console.info(
      `start with the database ${mode === "refuse" ? "down" : "silent"}: ${BACKOFF_MS.length} retries logged in ${waitedMs} ms, healthy ${Date.now() - openedAt} ms after it was back`,
    );
  }
});
