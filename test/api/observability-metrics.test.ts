import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { closeDueRounds } from "../../server/offers/service.ts";
import { adminAndCarrier, createTestApp, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { biddableLoad, openOffer } from "../support/offers.ts";
import { subscribeOverWs } from "../support/ws.ts";

/**
 * /metrics scraped over real HTTP, parsed, and compared before and after the requests that should
 * move each metric. The registry is the process's: deltas, not absolute values.
 */
const TOKEN = "metrics-token-for-tests";

let t: TestApp;
let base = "";
let adminToken = "";
let carrierToken = "";

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, host: "127.0.0.1", redisUrl: process.env.TEST_REDIS_URL });
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  base = await t.app.start(0);
});
afterAll(() => t.close());

type Samples = Map<string, number>;

/** Prometheus' text format: `name{label="value",...} number` lines; labels keyed in sorted order. */
function parseExposition(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, name, value]) => `${name}=${value}`)
      .sort();
    samples.set(`${match[1]}{${labels.join(",")}}`, Number(match[3]));
  }
  return samples;
}

function key(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels)
    .map(([label, value]) => `${label}=${value}`)
    .sort();
  return `${name}{${parts.join(",")}}`;
}

async function scrape(): Promise<Samples> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parseExposition(await response.text());
}

/** Scrapes until `done` holds (a socket's close reaches the server a moment after the client's). */
async function scrapeUntil(done: (samples: Samples) => boolean): Promise<Samples> {
  const started = Date.now();
  for (;;) {
    const samples = await scrape();
    if (done(samples) || Date.now() - started > 5_000) return samples;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function delta(before: Samples, after: Samples, name: string, labels: Record<string, string> = {}) {
  return (after.get(key(name, labels)) ?? 0) - (before.get(key(name, labels)) ?? 0);
}

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(path === "/graphql" ? { [CSRF_HEADER]: "1" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("/metrics", () => {
  it("answers 401 JSON without the token or with a wrong one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token" },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
  });

  it("moves the request, operation and error metrics", async () => {
    const before = await scrape();
    const list = await call("GET", "/api/notifications/user", undefined, carrierToken);
    expect(list.status).toBe(200);
    const missing = await call("GET", "/api/loads/NO-SUCH-LOAD", undefined, adminToken);
    expect(missing.status).toBe(404);
    const named = await call(
      "POST",
      "/graphql",
      { query: "query MetricsProbe { viewer { id } }" },
      carrierToken,
    );
    expect(named.body.errors).toBeUndefined();
    const invalid = await call("POST", "/graphql", { query: "query Broken { noSuchField }" }, carrierToken);
    expect(invalid.status).toBe(400);
    const after = await scrape();

    const route = { route: "/api/notifications/user", method: "GET", status_class: "2xx" };
    expect(delta(before, after, "http_request_duration_seconds_count", route)).toBe(1);
    expect(
      delta(before, after, "http_request_duration_seconds_count", {
        route: "/api/loads/:id",
        method: "GET",
        status_class: "4xx",
      }),
    ).toBe(1);
    expect(delta(before, after, "errors_total", { api: "rest", code: "NOT_FOUND" })).toBe(1);
    expect(
      delta(before, after, "graphql_operation_duration_seconds_count", {
        operation: "MetricsProbe",
        type: "query",
      }),
    ).toBe(1);
    expect(delta(before, after, "errors_total", { api: "graphql", code: "GRAPHQL_VALIDATION_FAILED" })).toBe(
      1,
    );
    // The process's own: event-loop lag and heap.
    expect(after.get(key("nodejs_eventloop_lag_seconds"))).toBeGreaterThanOrEqual(0);
    expect(after.get(key("nodejs_heap_size_used_bytes"))).toBeGreaterThan(0);
  });

  it("counts bids placed and rounds closed", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, adminToken, load.loadId);
    const before = await scrape();
    const first = await call(
      "POST",
      "/api/bids/createBid",
      { offerId: offer._id, amount: 1500 },
      carrierToken,
    );
    expect(first.status).toBe(201);
    const better = await call(
      "POST",
      "/api/bids/createBid",
      { offerId: offer._id, amount: 1400 },
      carrierToken,
    );
    expect(better.status).toBe(200);
    // The round's end, seen from an hour later: the sweep claims its close.
    expect(await closeDueRounds(t.app.deps, new Date(Date.now() + 3_600_000))).toContain(offer._id);
    const after = await scrape();
    expect(delta(before, after, "bids_placed_total", { kind: "new" })).toBe(1);
    expect(delta(before, after, "bids_placed_total", { kind: "improved" })).toBe(1);
    expect(delta(before, after, "offer_rounds_closed_total")).toBe(1);
  });

  it("counts uploaded rows and times uploads, refused ones apart", async () => {
    const before = await scrape();
    const upload = await call(
      "POST",
      "/api/loads",
      { stream: "USPS", loads: [{ "Load ID": "MET-1" }, { "Load ID": "MET-2" }] },
      adminToken,
    );
    expect(upload.status).toBe(201);
    const refused = await call(
      "POST",
      "/api/loads",
      { stream: "USPS", loads: [{ "Load ID": "MET-3", Weight: "heavy" }] },
      adminToken,
    );
    expect(refused.status).toBe(400);
    const after = await scrape();
    expect(delta(before, after, "loads_upload_rows_total", { outcome: "created" })).toBe(2);
    expect(delta(before, after, "loads_upload_duration_seconds_count", { result: "ok" })).toBe(1);
    expect(delta(before, after, "loads_upload_duration_seconds_count", { result: "refused" })).toBe(1);
  });

  it("counts e-mails sent and failed", async () => {
    const before = await scrape();
    // The outbox worker's transport (server/mail/worker.ts sends through createMailer).
    const outbox = createMailer({
      smtpUrl: undefined,
      mailFrom: "Freightway <no-reply@freightway.local>",
      outboxDir: t.outboxDir,
    });
    await outbox.send({ to: "someone@example.com", subject: "Hello", text: "Counted." });
    outbox.close();
    // An SMTP server that is not there: the send fails and is counted as failed.
    const unreachable = createMailer({
      smtpUrl: "smtp://127.0.0.1:1",
      mailFrom: "Freightway <no-reply@freightway.local>",
      outboxDir: t.outboxDir,
    });
    await expect(
      unreachable.send({ to: "someone@example.com", subject: "Hello", text: "Lost." }),
    ).rejects.toThrow();
    unreachable.close();
    const after = await scrape();
    expect(delta(before, after, "emails_sent_total", { transport: "outbox" })).toBe(1);
    expect(delta(before, after, "emails_failed_total", { transport: "smtp" })).toBe(1);
  });

  it("gauges open sockets and running subscriptions", async () => {
    const before = await scrape();
    const subscription = subscribeOverWs(base, carrierToken, "subscription { notificationAdded { id } }");
    await subscription.ready;
    const during = await scrapeUntil((samples) => delta(before, samples, "graphql_subscriptions_active") > 0);
    expect(delta(before, during, "websocket_sockets_open")).toBe(1);
    expect(delta(before, during, "graphql_subscriptions_active")).toBe(1);
    await subscription.close();
    const after = await scrapeUntil((samples) => delta(before, samples, "websocket_sockets_open") === 0);
    expect(delta(before, after, "websocket_sockets_open")).toBe(0);
    expect(delta(before, after, "graphql_subscriptions_active")).toBe(0);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("answers 404 like any unknown path, token or not", async () => {
    const plain = await createTestApp({ metricsToken: undefined });
    try {
      const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
      for (const headers of attempts) {
        const response = await plain.app.fetch(new Request("http://freightway.test/metrics", { headers }));
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
      }
    } finally {
      await plain.close();
    }
  });
});

describe("resources", () => {
  it("reports the database pools, Redis and how late live events arrive", async () => {
    const subscription = subscribeOverWs(base, carrierToken, "subscription { notificationAdded { id } }");
    await subscription.ready;
    const before = await scrapeUntil(
      (samples) => delta(new Map(), samples, "graphql_subscriptions_active") > 0,
    );
    const load = await biddableLoad(t.app);
    await openOffer(t.app, adminToken, load.loadId);
    const after = await scrapeUntil(() => subscription.received.length > 0);
    await subscription.close();
    expect(subscription.received.length).toBeGreaterThan(0);
    const names = [...after.keys()];
    if (testProvider === "postgresql") {
      expect(names).toContain(key("db_pool_connections", { pool: "prisma", state: "busy" }));
      for (const pool of ["prisma", "reader", "writer"])
        expect(after.get(key("db_pool_connections", { pool, state: "waiting" })), pool).toBe(0);
      expect(names.some((name) => name.startsWith("db_pool_acquire_wait_seconds_count{"))).toBe(true);
    } else {
      expect(names.some((name) => name.startsWith("db_pool_connections{"))).toBe(false);
    }
    // Live events' transport: Redis when configured, this process otherwise (always up).
    expect(after.get(key("redis_connected"))).toBe(1);
    if (process.env.TEST_REDIS_URL)
      expect(delta(before, after, "pubsub_delivery_lag_seconds_count")).toBeGreaterThan(0);
  });
});
