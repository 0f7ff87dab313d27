import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { BASE, createTestApp, type TestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { testProvider } from "../support/database-url.ts";
import { type PausableProxy, startPausableProxy } from "../support/pausable-proxy.ts";

async function probe(app: App, path: string) {
  const response = await app.fetch(new Request(`${BASE}${path}`));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

async function waitForStatus(app: App, path: string, status: number, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const answer = await probe(app, path);
    if (answer.status === status || Date.now() - started > timeoutMs) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the health endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("/livez answers 200 without asking anything; /readyz lists its checks; /healthz is unchanged", async () => {
    expect(await probe(t.app, "/livez")).toMatchObject({ status: 200, body: { status: "ok" } });
    const ready = await probe(t.app, "/readyz");
    expect(ready).toMatchObject({
      status: 200,
      body: {
        status: "ready",
        checks: { database: "ok", migrations: "ok", redis: "not configured", draining: false },
      },
    });
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await probe(t.app, "/healthz")).toEqual(
      expect.objectContaining({ status: 200, body: { status: "ok", database: testProvider } }),
    );
  });

  it("keeps the probes out of the OpenAPI document", async () => {
    const document = await probe(t.app, "/api/openapi.json");
    const paths = Object.keys(document.body.paths as object);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => /livez|readyz|healthz/.test(path))).toEqual([]);
  });
});

/** Redis behind a proxy the test takes away; the PostgreSQL step of `npm test` sets TEST_REDIS_URL. */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("/readyz with Redis configured", () => {
  let t: TestApp;
  let proxy: PausableProxy;
  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    proxy = await startPausableProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${proxy.port}` });
  });
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  it("answers 503 'redis: down' while Redis is unreachable and 200 again once it is back", async () => {
    expect((await waitForStatus(t.app, "/readyz", 200)).body.checks).toMatchObject({ redis: "ok" });
    await proxy.cut();
    const down = await waitForStatus(t.app, "/readyz", 503);
    expect(down.body).toEqual({
      status: "not ready",
      checks: { database: "ok", migrations: "ok", redis: "down", draining: false },
    });
    expect((await probe(t.app, "/livez")).status).toBe(200);
    await proxy.restore();
    expect((await waitForStatus(t.app, "/readyz", 200)).body.checks).toMatchObject({ redis: "ok" });
  });
});

/** A database that stops answering (packets dropped): only PostgreSQL is reached over a network. */
describe.runIf(testProvider === "postgresql")("/readyz with a database that stops answering", () => {
  let database: TestDatabase;
  let proxy: PausableProxy;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = await startPausableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    app = await buildApp({
      databaseUrl: url.toString(),
      jwtSecret: new TextEncoder().encode("test-secret-test-secret-test-secret"),
      redisUrl: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      seedDemo: false,
    });
  });
  afterAll(async () => {
    // Resets the silenced connections, so that closing the pools does not wait for their answers.
    await proxy.cut();
    await app.stop().catch(() => undefined);
    await proxy.close();
    await database.drop();
  });

  it("fails within about 2 s instead of hanging, and concurrent probes do not pile up queries", async () => {
    expect((await probe(app, "/readyz")).status).toBe(200);
    const connectionsBefore = proxy.connections();
    proxy.silence();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => probe(app, "/readyz")));
    const elapsedMs = Date.now() - started;
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 503,
        body: {
          status: "not ready",
          checks: { database: "timeout", migrations: "unknown", redis: "not configured", draining: false },
        },
      });
    }
    expect(elapsedMs).toBeGreaterThanOrEqual(1_900);
    expect(elapsedMs).toBeLessThan(3_000);
    // One query was out for all eight probes: no connection opened for the others (the reader's
    // stall watch, server/db/stall-watch.ts, may open one to check whether the database is reachable).
    expect(proxy.connections()).toBeLessThanOrEqual(connectionsBefore + 1);
    expect((await probe(app, "/livez")).status).toBe(200);
  });
});
