import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../../server/errors.ts";
import { EVENTS_MISSED_CODE } from "../../server/graphql/ws-server.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { testProvider } from "../support/database-url.ts";
import { type HttpResult, httpJson } from "../support/http.ts";
import { adminToken, MAIN_ADMIN, type MainProcess, startMainProcess } from "../support/main-process.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { liveSocket, waitFor } from "../support/ws.ts";

/**
 * The real server (`server/main.ts`) in a process of its own, its Redis and its PostgreSQL each
 * behind a TCP proxy the test stops, blackholes and starts again: the process never exits, /readyz
 * and the `redis_connected` metric say what is down, requests needing the database answer 503 fast,
 * and everything comes back by itself. Prints the recovery times.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const METRICS_TOKEN = "faults-metrics-token";
const CONNECT_TIMEOUT_MS = 1_000;
/** A fault must be answered well before a client or load balancer gives up (was 15 s and more). */
const FAST_MS = 4_000;
/** The instance that met a wrong Redis port exited 6-9 s after it started. */
const OLD_CRASH_MS = 10_000;

describe.runIf(testProvider === "postgresql" && redisUrl)(
  "a server process through Redis and database faults",
  () => {
    let database: TestDatabase;
    let dbProxy: TcpProxy;
    let redisProxy: TcpProxy;
    let server: MainProcess;
    let dir = "";
    let startedAt = 0;
    let token = "";
    const figures: string[] = [];

    const readyz = () => httpJson(server.url, "GET", "/readyz");
    const loads = () => httpJson(server.url, "GET", "/api/loads?page=1&limit=5", { token });
    const alive = () => server.child.exitCode === null && server.child.signalCode === null;

    async function redisGauge(): Promise<number> {
      const response = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      const match = /^redis_connected (\S+)$/m.exec(await response.text());
      return Number(match?.[1]);
    }

    /** Polls until `check` holds; how long that took. */
    async function msUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
      const started = Date.now();
      for (;;) {
        if (await check().catch(() => false)) return Date.now() - started;
        if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    const redisIs = async (state: "ok" | "down") => {
      const answer = await readyz();
      return (answer.body.checks as { redis: string }).redis === state;
    };

    function expectUnavailable(answer: HttpResult) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(answer.body).toMatchObject({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: "DATABASE_UNAVAILABLE",
      });
      expect(answer.ms).toBeLessThan(FAST_MS);
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      const dbTarget = new URL(database.url);
      dbProxy = await startTcpProxy({ host: dbTarget.hostname, port: Number(dbTarget.port || 5432) });
      const redisTarget = new URL(redisUrl ?? "");
      redisProxy = await startTcpProxy({
        host: redisTarget.hostname,
        port: Number(redisTarget.port || 6379),
      });
      // Redis is unreachable from the start (the old server exited 6-9 s after "listening").
      await redisProxy.refuse();
      dir = mkdtempSync(join(tmpdir(), "freightway-faults-"));
      startedAt = Date.now();
      server = await startMainProcess(dbProxy.urlFor(database.url), {
        REDIS_URL: redisProxy.urlFor(redisUrl ?? ""),
        METRICS_TOKEN,
        DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        OUTBOX_DIR: join(dir, "outbox"),
        SHUTDOWN_DELAY_SECONDS: "0",
      });
      token = await adminToken(server.url);
    }, 90_000);

    afterAll(async () => {
      console.info(`fault recovery (server process): ${figures.join("; ")}`);
      await dbProxy?.open();
      await redisProxy?.open();
      if (server && alive()) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      await dbProxy?.close();
      await redisProxy?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    afterEach(async () => {
      await dbProxy.open();
      await redisProxy.open();
    });

    it("starts and serves with Redis unreachable, reports it, and connects by itself once Redis is up", async () => {
      const notReady = await readyz();
      expect(notReady).toMatchObject({
        status: 503,
        body: { checks: { database: "ok", migrations: "ok", redis: "down", draining: false } },
      });
      expect(await redisGauge()).toBe(0);
      while (Date.now() - startedAt < OLD_CRASH_MS) {
        expect((await loads()).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(alive()).toBe(true);

      await redisProxy.open();
      const ms = await msUntil(async () => (await readyz()).status === 200, 10_000);
      figures.push(
        `Redis up after ${Math.round((Date.now() - startedAt) / 1000)} s down: ready ${ms} ms later`,
      );
      expect(await redisGauge()).toBe(1);
    }, 30_000);

    it("survives Redis stopping under a live socket, tells the socket to refetch, and recovers", async () => {
      const socket = liveSocket(server.url, token);
      try {
        await socket.ready(10_000);
        await redisProxy.refuse();
        const downMs = await msUntil(() => redisIs("down"), 5_000);
        expect(await redisGauge()).toBe(0);
        // A login (on the other platform: the desktop session stays) neither fails nor crashes the process.
        const login = await httpJson(server.url, "POST", "/api/auth/login", {
          body: { ...MAIN_ADMIN, platform: "mobile" },
        });
        expect(login.status).toBe(200);
        expect((await loads()).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(alive()).toBe(true);
        expect(socket.closes).toEqual([]);

        await redisProxy.open();
        const upMs = await msUntil(async () => (await readyz()).status === 200, 10_000);
        await waitFor(() => socket.closes.length > 0, 10_000);
        expect(socket.closes).toEqual([EVENTS_MISSED_CODE]);
        expect(await redisGauge()).toBe(1);
        figures.push(`Redis stopped: seen down in ${downMs} ms, ready ${upMs} ms after it was back`);
      } finally {
        await socket.close();
      }
    }, 30_000);

    it("finds a Redis that stopped answering (packets dropped) by its pings, keeps serving, and recovers", async () => {
      await redisProxy.blackhole();
      // Requests do not wait on Redis meanwhile.
      const during = await loads();
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(1_000);
      // Pinged every 10 s, dead after 5 s without an answer.
      const downMs = await msUntil(() => redisIs("down"), 20_000);
      expect(await redisGauge()).toBe(0);
      expect(alive()).toBe(true);
      await redisProxy.open();
      const upMs = await msUntil(async () => (await readyz()).status === 200, 10_000);
      figures.push(`Redis silent: seen down in ${downMs} ms, ready ${upMs} ms after it was back`);
    }, 40_000);

    it("fails /readyz within 2 s and answers 503 fast while database packets are dropped, then recovers", async () => {
      expect((await loads()).status).toBe(200);
      await dbProxy.blackhole();
      const [probe, list, graphql] = await Promise.all([
        readyz(),
        loads(),
        httpJson(server.url, "POST", "/graphql", {
          token,
          body: { query: "query { loads(first: 5) { totalCount } }" },
        }),
      ]);
      expect(probe.status).toBe(503);
      // Within DB_CONNECT_TIMEOUT_MS a fresh connection fails ("down"); a held one hits the 2 s cap.
      expect(["down", "timeout"]).toContain((probe.body.checks as { database: string }).database);
      expect(probe.ms).toBeLessThan(2_500);
      expectUnavailable(list);
      expect(graphql.status).toBe(503);
      expect(graphql.headers.get("retry-after")).toBe("5");
      expect(graphql.ms).toBeLessThan(FAST_MS);
      expect((await httpJson(server.url, "GET", "/livez")).status).toBe(200);
      expect(alive()).toBe(true);

      await dbProxy.open();
      const ms = await msUntil(async () => (await loads()).status === 200, 15_000);
      expect((await readyz()).status).toBe(200);
      figures.push(
        `database silent: /readyz 503 in ${Math.round(probe.ms)} ms, requests 503 in ${Math.round(list.ms)} ms, served again ${ms} ms after it was back`,
      );
    }, 40_000);

    it("answers 503 at once while the database refuses connections, then recovers", async () => {
      expect((await loads()).status).toBe(200);
      await dbProxy.refuse();
      const list = await loads();
      expectUnavailable(list);
      expect((await readyz()).status).toBe(503);
      expect(alive()).toBe(true);
      await dbProxy.open();
      const ms = await msUntil(async () => (await loads()).status === 200, 15_000);
      figures.push(
        `database stopped: requests 503 in ${Math.round(list.ms)} ms, served again ${ms} ms after it was back`,
      );
    }, 40_000);
  },
);
