import { createClient } from "graphql-ws";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { databasePoolStats, onConnectionAcquired, type PoolName } from "../../server/db/pg-pool.ts";
import { DEFAULT_DATABASE_SETTINGS } from "../../server/db/settings.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../../server/errors.ts";
import { DATABASE_UNAVAILABLE_CLOSE_CODE } from "../../server/graphql/ws-server.ts";
import { adminAndCarrier, createTestApp, type TestApp } from "../support/app.ts";
import { adminUrl, testProvider } from "../support/database-url.ts";
import { type HttpResult, httpJson } from "../support/http.ts";
import { seedLoadRows } from "../support/loads.ts";
import { biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { collectProcessFaults } from "../support/process-faults.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";

/** Short enough to keep the file quick; production's default is 5 s (server/db/settings.ts). */
const CONNECT_TIMEOUT_MS = 1_000;
/** A fault must be answered well before a client or load balancer gives up (was 15 s and more). */
const FAST_MS = 4_000;

const LOADS_QUERY = "query { loads(first: 5) { totalCount } }";

function expectUnavailableRest(answer: HttpResult) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(answer.body).toEqual({
    message: DATABASE_UNAVAILABLE_MESSAGE,
    error: DATABASE_UNAVAILABLE_MESSAGE,
    code: "DATABASE_UNAVAILABLE",
  });
  expect(answer.ms).toBeLessThan(FAST_MS);
}

function expectUnavailableGraphQL(answer: HttpResult) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  const errors = (answer.body as { errors?: { message: string; extensions?: { code?: string } }[] }).errors;
  expect(errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
    [DATABASE_UNAVAILABLE_MESSAGE, "DATABASE_UNAVAILABLE"],
  ]);
  expect(answer.ms).toBeLessThan(FAST_MS);
}

/**
 * PostgreSQL behind a TCP proxy the test closes (connections refused and cut: the server is down)
 * or blackholes (accepted, nothing forwarded, open connections included: packets dropped).
 */
describe.runIf(testProvider === "postgresql")("database faults", () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let base: string;
  let world: Awaited<ReturnType<typeof adminAndCarrier>>;
  let offerId: string;
  let bidderToken: string;
  let faults: ReturnType<typeof collectProcessFaults>;
  let amount = 5_000;
  /** Each bid improves on the carrier's last one. */
  const nextAmount = () => (amount -= 10);

  const requests = () => ({
    loads: () => httpJson(base, "GET", "/api/loads", { token: world.adminSession.token }),
    login: () =>
      httpJson(base, "POST", "/api/auth/login", {
        body: { email: world.carrier.email, password: "correct-horse-42", platform: "desktop" },
      }),
    graphql: () =>
      httpJson(base, "POST", "/graphql", { token: world.adminSession.token, body: { query: LOADS_QUERY } }),
    bid: (amount: number) =>
      httpJson(base, "POST", "/api/bids/createBid", {
        token: bidderToken,
        body: { offerId, amount, userName: "U", companyName: "C" },
      }),
    health: () => httpJson(base, "GET", "/healthz"),
    upload: () =>
      httpJson(base, "POST", "/api/loads", {
        token: world.adminSession.token,
        body: { stream: "USPS", loads: seedLoadRows(3, "FAULT") },
      }),
  });

  /** Back to normal by itself: the pools reconnect, nothing restarts. */
  async function expectRecovery() {
    await proxy.open();
    const started = Date.now();
    let loads: HttpResult | null = null;
    while (Date.now() - started < 10_000) {
      loads = await requests().loads();
      if (loads.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(loads?.status).toBe(200);
    expect((await requests().graphql()).status).toBe(200);
    expect((await requests().login()).status).toBe(200);
    expect((await requests().health()).status).toBe(200);
  }

  beforeAll(async () => {
    const target = new URL(adminUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp(
      { database: { ...DEFAULT_DATABASE_SETTINGS, connectTimeoutMs: CONNECT_TIMEOUT_MS } },
      { databaseVia: (url) => proxy.urlFor(url) },
    );
    base = await t.app.start(0);
    world = await adminAndCarrier(t.app);
    const [bidder] = await bidders(t.app, 1);
    bidderToken = bidder.session.token;
    offerId = (await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId))._id;
  });
  afterAll(async () => {
    await proxy.open();
    await t.close();
    await proxy.close();
  });
  beforeEach(async () => {
    faults = collectProcessFaults();
    // Every pool has open connections: the fault must reach those too, not only new ones.
    const warm = requests();
    expect((await warm.loads()).status).toBe(200);
    expect((await warm.graphql()).status).toBe(200);
    expect((await warm.bid(nextAmount())).status).toBeLessThan(300);
  });
  afterEach(async () => {
    await proxy.open();
    faults.stop();
  });

  it("answers 503 with Retry-After at once while the database refuses connections, then recovers", async () => {
    await proxy.refuse();
    const call = requests();
    expectUnavailableRest(await call.loads());
    expectUnavailableRest(await call.login());
    expectUnavailableGraphQL(await call.graphql());
    expectUnavailableRest(await call.bid(nextAmount()));
    expectUnavailableRest(await call.upload());
    const health = await call.health();
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(FAST_MS);
    await expectRecovery();
    expect(faults.faults).toEqual([]);
  });

  it("answers 503 fast while packets to the database are dropped, open connections included, then recovers", async () => {
    await proxy.blackhole();
    const call = requests();
    // Side by side, as real traffic comes: each waits for its own connection to fail.
    const [loads, login, graphql, bid, health] = await Promise.all([
      call.loads(),
      call.login(),
      call.graphql(),
      call.bid(nextAmount()),
      call.health(),
    ]);
    expectUnavailableRest(loads);
    expectUnavailableRest(login);
    expectUnavailableGraphQL(graphql);
    expectUnavailableRest(bid);
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(FAST_MS);
    // Once found unreachable, later requests fail within the connect timeout.
    expectUnavailableRest(await call.loads());
    await expectRecovery();
    expect(faults.faults).toEqual([]);
  });

  it("closes a live socket it cannot check with 1013, which clients retry (not graphql-ws' fatal 4500)", async () => {
    // A session no request has used yet: its check needs the database.
    const [listener] = await bidders(t.app, 1);
    await proxy.refuse();
    const code = await new Promise<number>((resolve) => {
      const client = createClient({
        url: `${base.replace(/^http/, "ws")}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${listener.session.token}` },
        retryAttempts: 0,
        on: { closed: (event) => resolve((event as { code: number }).code) },
      });
      client.subscribe(
        { query: "subscription { notificationAdded { title } }" },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    });
    expect(code).toBe(DATABASE_UNAVAILABLE_CLOSE_CODE);
    expect(faults.faults).toEqual([]);
  });

  it("reports each pool's connections and how long each caller waited for one", async () => {
    const waits: [PoolName, number][] = [];
    const stop = onConnectionAcquired((pool, waitMs) => waits.push([pool, waitMs]));
    try {
      const call = requests();
      expect((await call.loads()).status).toBe(200);
      expect((await call.bid(nextAmount())).status).toBeLessThan(300);
      expect((await call.health()).status).toBe(200);
    } finally {
      stop();
    }
    expect(new Set(waits.map(([pool]) => pool))).toEqual(new Set(["prisma", "reader", "writer"]));
    expect(waits.every(([, waitMs]) => waitMs >= 0 && waitMs < 1_000)).toBe(true);
    const stats = databasePoolStats();
    for (const pool of ["prisma", "reader", "writer"] as const) {
      const open = stats.filter((stat) => stat.pool === pool);
      expect(open.some((stat) => stat.total >= 1)).toBe(true);
      for (const stat of open) {
        expect(stat.idle).toBeLessThanOrEqual(stat.total);
        expect(stat.waiting).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
