import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "graphql-ws";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
// @ts-expect-error: a plain ES module of scripts/ (no types), shared with `npm run cluster`
import { nginxAvailable, startCluster } from "../../scripts/cluster-lib.mjs";
import { carrierPayload } from "../support/carriers.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { testProvider } from "../support/database-url.ts";

interface Cluster {
  url: string;
  rollingRestart(): Promise<{ instance: number; exitCode: number; drainMs: number; readyMs: number }[]>;
  stop(): Promise<void>;
}

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * One request on a connection of its own. A graceful nginx reload closes the old workers' idle
 * keep-alive connections, and a client that reuses one at that instant reads a reset: browsers
 * retry that case themselves, Node's fetch does not. The instances' drain is what is measured here,
 * not that race on the client's side of nginx.
 */
function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(url, { method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
const ADMIN = { email: "ops@example.com", password: "correct-horse-42" };

/**
 * Two instances of the built server (dist/) behind nginx, on PostgreSQL and Redis, restarted one
 * at a time while clients read, write and listen: no request fails, every acknowledged write is
 * there afterwards, and the subscription carries on through the restarts.
 */
describe.runIf(testProvider === "postgresql" && redisUrl && nginxAvailable())(
  "a rolling restart behind nginx",
  () => {
    let database: TestDatabase;
    let cluster: Cluster;
    let dir = "";
    const logs: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      dir = mkdtempSync(join(tmpdir(), "freightway-cluster-"));
      cluster = await startCluster({
        instances: 2,
        dir,
        env: {
          NODE_ENV: "production",
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          JWT_SECRET: "rolling-restart-test-secret-rolling-restart-test",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          COOKIE_SECURE: "0",
          OUTBOX_DIR: join(dir, "outbox"),
          SHUTDOWN_DELAY_SECONDS: "0",
          LOG_LEVEL: "warn",
        },
        onLine: (index: number, line: string) => logs.push(`[${index}] ${line}`),
      });
    }, 90_000);

    afterAll(async () => {
      await cluster?.stop();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("loses no request, no acknowledged write and no subscription", async () => {
      const login = await fetch(`${cluster.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...ADMIN, platform: "desktop" }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };

      const heard = new Set<string>();
      const closeCodes: number[] = [];
      const socket: Client = createClient({
        url: `${cluster.url.replace(/^http/, "ws")}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: auth,
        retryAttempts: Number.POSITIVE_INFINITY,
        retryWait: () => new Promise((resolve) => setTimeout(resolve, 100)),
        shouldRetry: () => true,
        on: { closed: (event) => closeCodes.push((event as { code: number }).code) },
      });
      socket.subscribe<{ carrierChanged: { carrierName: string } }>(
        { query: "subscription { carrierChanged { carrierName } }" },
        {
          next: ({ data }) => data && heard.add(data.carrierChanged.carrierName),
          error: () => undefined,
          complete: () => undefined,
        },
      );

      let running = true;
      let next = 0;
      const failures: string[] = [];
      const acknowledged: string[] = [];
      let requests = 0;
      async function client() {
        while (running) {
          const n = ++next;
          try {
            const list = await send(`${cluster.url}/api/loads?page=1&limit=10`, "GET", auth);
            requests++;
            if (list.status !== 200) failures.push(`GET /api/loads ${list.status}`);
            const created = await send(
              `${cluster.url}/api/carriers`,
              "POST",
              { ...auth, "content-type": "application/json" },
              JSON.stringify(carrierPayload(n)),
            );
            requests++;
            if (created.status === 201) acknowledged.push(carrierPayload(n).carrierName);
            else failures.push(`POST /api/carriers ${created.status} ${created.text}`);
          } catch (error) {
            failures.push(String(error));
          }
        }
      }
      const clients = Array.from({ length: 4 }, client);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const figures = await cluster.rollingRestart();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      running = false;
      await Promise.all(clients);

      const last = carrierPayload(9_000).carrierName;
      const until = Date.now() + 10_000;
      while (!heard.has(last) && Date.now() < until) {
        await fetch(`${cluster.url}/api/carriers`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify(carrierPayload(9_000)),
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await socket.dispose();

      const stored = new pg.Client({ connectionString: database.url });
      await stored.connect();
      const { rows } = await stored.query<{ carrierName: string }>('SELECT "carrierName" FROM "Carrier"');
      await stored.end();
      const names = new Set(rows.map((row) => row.carrierName));

      console.info(
        `rolling restart: ${requests} requests, ${failures.length} failed, ${acknowledged.length} writes; ` +
          figures
            .map((f) => `instance ${f.instance} drained in ${f.drainMs} ms, ready in ${f.readyMs} ms`)
            .join("; ") +
          `; socket closes ${JSON.stringify(closeCodes)}`,
      );
      expect(failures, logs.slice(-20).join("\n")).toEqual([]);
      expect(figures.map((figure) => figure.exitCode)).toEqual([0, 0]);
      expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
      expect(heard.has(last)).toBe(true);
      expect(closeCodes.filter((code) => code !== 1001 && code !== 1000)).toEqual([]);
      expect(requests).toBeGreaterThan(20);
    }, 120_000);
  },
);
