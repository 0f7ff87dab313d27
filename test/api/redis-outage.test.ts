import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { EVENTS_MISSED_CODE } from "../../server/graphql/ws-server.ts";
import { adminAndCarrier, createTestApp, type TestApp } from "../support/app.ts";
import { httpJson } from "../support/http.ts";
import { biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { collectProcessFaults } from "../support/process-faults.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { liveSocket, waitFor } from "../support/ws.ts";

const redisUrl = process.env.TEST_REDIS_URL;

const until = (check: () => boolean, ms = 10_000) => waitFor(check, ms);

/**
 * Redis through a TCP proxy the test stops and starts (real Redis at TEST_REDIS_URL: the
 * PostgreSQL step of `npm test`; reported as skipped elsewhere).
 */
describe.runIf(redisUrl)("Redis outages", () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let base: string;
  let faults: ReturnType<typeof collectProcessFaults>;

  beforeAll(async () => {
    const target = new URL(redisUrl ?? "");
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({ redisUrl: proxy.urlFor(redisUrl ?? "") });
    base = await t.app.start(0);
    await until(() => t.app.deps.pubsub.connected());
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });
  beforeEach(() => {
    faults = collectProcessFaults();
  });
  afterEach(async () => {
    faults.stop();
    await proxy.open();
  });

  it("keeps serving through an outage: a login, a bid and a subscription closing neither fail nor crash", async () => {
    const { admin, adminSession } = await adminAndCarrier(t.app);
    const [carrier] = await bidders(t.app, 1);
    const offer = await openOffer(t.app, adminSession.token, (await biddableLoad(t.app)).loadId);
    const watcher = liveSocket(base, carrier.session.token);
    await watcher.ready();

    await proxy.refuse();
    await until(() => !t.app.deps.pubsub.connected());
    const login = await httpJson(base, "POST", "/api/auth/login", {
      body: { email: admin.email, password: "correct-horse-42", platform: "desktop" },
    });
    expect(login.status).toBe(200);
    const bid = await httpJson(base, "POST", "/api/bids/createBid", {
      token: carrier.session.token,
      body: { offerId: offer._id, amount: 1234, userName: "U", companyName: "C" },
    });
    expect(bid.status).toBeLessThan(300);
    await watcher.close();
    // The old client gave up after three retries (about a second) and its rejection ended the process.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(t.app.deps.pubsub.connected()).toBe(false);

    await proxy.open();
    await until(() => t.app.deps.pubsub.connected());
    expect((await httpJson(base, "GET", "/api/user/profile", { token: carrier.session.token })).status).toBe(
      200,
    );
    expect(faults.faults).toEqual([]);
  });

  it("tells every live socket to reconnect and refetch once Redis is back", async () => {
    const [carrier] = await bidders(t.app, 1);
    const watcher = liveSocket(base, carrier.session.token);
    const carriers = t.app.deps.pubsub.subscribe("carriers");
    try {
      await watcher.ready();
      await proxy.refuse();
      await until(() => !t.app.deps.pubsub.connected());
      expect(watcher.closes).toEqual([]);
      await proxy.open();
      await until(() => watcher.closes.length > 0);
      expect(watcher.closes).toEqual([EVENTS_MISSED_CODE]);
      // The sockets are told when the subscriber is back; the publisher's connection may follow a
      // moment later (a CI run read it in between).
      await until(() => t.app.deps.pubsub.connected());
      // Its topics were subscribed again on the new connection: an event reaches it through Redis.
      let received = false;
      const next = carriers.next().then((step) => {
        received = true;
        return step;
      });
      const publishing = setInterval(
        () => t.app.deps.pubsub.publish("carriers", { carrierId: "after-outage" }),
        100,
      );
      await until(() => received).finally(() => clearInterval(publishing));
      expect((await next).value).toEqual({ carrierId: "after-outage" });
    } finally {
      await carriers.return();
      await watcher.close();
    }
    expect(faults.faults).toEqual([]);
  });

  it("tells the other instances' sockets too when events it published were dropped", async () => {
    const direct: App = await buildApp({ ...t.app.deps.config, redisUrl });
    try {
      const directBase = await direct.start(0);
      await until(() => direct.deps.pubsub.connected());
      const [carrier] = await bidders(t.app, 1);
      const watcher = liveSocket(directBase, carrier.session.token);
      await watcher.ready();
      await proxy.refuse();
      await until(() => !t.app.deps.pubsub.connected());
      // Published while this instance cannot reach Redis: the other instance never hears it.
      t.app.deps.pubsub.publish("carriers", { carrierId: "dropped" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(watcher.closes).toEqual([]);
      await proxy.open();
      await until(() => watcher.closes.length > 0);
      expect(watcher.closes).toEqual([EVENTS_MISSED_CODE]);
      await watcher.close();
    } finally {
      await direct.stop();
    }
    expect(faults.faults).toEqual([]);
  });
});

describe.runIf(redisUrl)("Redis at a wrong address", () => {
  it("starts and serves without it, reporting it disconnected", async () => {
    const faults = collectProcessFaults();
    const t = await createTestApp({ redisUrl: "redis://127.0.0.1:1" });
    try {
      const base = await t.app.start(0);
      const { admin } = await adminAndCarrier(t.app);
      const login = await httpJson(base, "POST", "/api/auth/login", {
        body: { email: admin.email, password: "correct-horse-42", platform: "desktop" },
      });
      expect(login.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(t.app.deps.pubsub.connected()).toBe(false);
      expect((await httpJson(base, "GET", "/healthz")).status).toBe(200);
    } finally {
      await t.close();
      faults.stop();
    }
    expect(faults.faults).toEqual([]);
  });
});

describe.runIf(redisUrl)("two deployments sharing one Redis server", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ redisUrl });
    second = await createTestApp({ redisUrl });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("prefix their channels with their database, so neither hears the other's events", async () => {
    expect(first.app.deps.config.redisPrefix).not.toBe(second.app.deps.config.redisPrefix);
    await until(() => first.app.deps.pubsub.connected() && second.app.deps.pubsub.connected());
    const heardByFirst = first.app.deps.pubsub.subscribe("carriers");
    const heardBySecond = second.app.deps.pubsub.subscribe("carriers");
    const firstEvents: unknown[] = [];
    const secondEvents: unknown[] = [];
    void (async () => {
      for await (const event of heardByFirst) firstEvents.push(event);
    })();
    void (async () => {
      for await (const event of heardBySecond) secondEvents.push(event);
    })();
    // Each hears its own: both subscriptions are live before the check that matters.
    await until(() => {
      first.app.deps.pubsub.publish("carriers", { carrierId: "first" });
      second.app.deps.pubsub.publish("carriers", { carrierId: "second" });
      return firstEvents.length > 0 && secondEvents.length > 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(firstEvents.every((event) => (event as { carrierId: string }).carrierId === "first")).toBe(true);
    expect(secondEvents.every((event) => (event as { carrierId: string }).carrierId === "second")).toBe(true);
    await heardByFirst.return();
    await heardBySecond.return();
  });
});
