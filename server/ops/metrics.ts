import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's metrics, in one registry made when this module loads: however many apps a process
 * builds (tests build dozens), each metric is registered once and they all add to it. /metrics
 * serves this registry (server/ops/metrics-route.ts).
 */
export const metricsRegistry = new Registry();

const registers = [metricsRegistry];
/** Seconds; from a cached list answer (a few ms) to a large upload (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

let defaultMetricsOn = false;

/** Event-loop lag, heap, GC, CPU, handles: measured only once something can scrape them. */
export function collectProcessMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP answers by route pattern, method and status class.",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** `route` is a pattern (e.g. /api/loads/:id), never a raw path: its values are bounded by the routes. */
export function observeHttpRequest(route: string, method: string, status: number, seconds: number): void {
  httpDuration.observe(
    {
      route,
      method: KNOWN_METHODS.has(method) ? method : "OTHER",
      status_class: `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`,
    },
    seconds,
  );
}

const graphqlDuration = new Histogram({
  name: "graphql_operation_duration_seconds",
  help: "GraphQL operations (their execution) by operation name and type.",
  labelNames: ["operation", "type"] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export function observeGraphQLOperation(operation: string, type: string, seconds: number): void {
  graphqlDuration.observe({ operation, type }, seconds);
}

const errors = new Counter({
  name: "errors_total",
  help: "Error answers by code: REST JSON errors' `code`, GraphQL errors' extensions.code.",
  labelNames: ["api", "code"] as const,
  registers,
});

/** Codes are the server's own (DomainError, Fastify, GraphQL); anything unlike one is counted as OTHER. */
export function countError(api: "rest" | "graphql", code: unknown): void {
  const label = typeof code === "string" && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : "OTHER";
  errors.inc({ api, code: label });
}

const socketsOpen = new Gauge({
  name: "websocket_sockets_open",
  help: "Open graphql-ws sockets.",
  registers,
});

export function socketOpened(): void {
  socketsOpen.inc();
}

export function socketClosed(): void {
  socketsOpen.dec();
}

const subscriptionsActive = new Gauge({
  name: "graphql_subscriptions_active",
  help: "GraphQL subscriptions running.",
  registers,
});

export function subscriptionStarted(): void {
  subscriptionsActive.inc();
}

export function subscriptionEnded(): void {
  subscriptionsActive.dec();
}

const uploadRows = new Counter({
  name: "loads_upload_rows_total",
  help: "Rows of load uploads that were written: created, updated, or skipped (changed meanwhile).",
  labelNames: ["outcome"] as const,
  registers,
});

const uploadDuration = new Histogram({
  name: "loads_upload_duration_seconds",
  help: "Load uploads from request to answer: ok, refused (the file's or the request's fault) or failed.",
  labelNames: ["result"] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});

export interface UploadCounts {
  createdCount: number;
  updatedCount: number;
  skipped: readonly unknown[];
}

/** Starts timing one upload; call the answer with its counts, or with its refusal. */
export function uploadStarted(): {
  written(counts: UploadCounts): void;
  ended(result: "refused" | "failed"): void;
} {
  const end = uploadDuration.startTimer();
  return {
    written(counts) {
      uploadRows.inc({ outcome: "created" }, counts.createdCount);
      uploadRows.inc({ outcome: "updated" }, counts.updatedCount);
      uploadRows.inc({ outcome: "skipped" }, counts.skipped.length);
      end({ result: "ok" });
    },
    ended(result) {
      end({ result });
    },
  };
}

const bidsPlaced = new Counter({
  name: "bids_placed_total",
  help: "Bids placed: a carrier's first bid on an offer (new) or a better one (improved).",
  labelNames: ["kind"] as const,
  registers,
});

export function countBidPlaced(created: boolean): void {
  bidsPlaced.inc({ kind: created ? "new" : "improved" });
}

const roundsClosed = new Counter({
  name: "offer_rounds_closed_total",
  help: "Bidding rounds whose close this instance claimed and announced.",
  registers,
});

export function countRoundClosed(): void {
  roundsClosed.inc();
}

const emailsSent = new Counter({
  name: "emails_sent_total",
  help: "E-mails handed to SMTP (or written to the outbox folder without SMTP_URL).",
  labelNames: ["transport"] as const,
  registers,
});

const emailsFailed = new Counter({
  name: "emails_failed_total",
  help: "E-mails whose sending failed.",
  labelNames: ["transport"] as const,
  registers,
});

export function countEmail(transport: "smtp" | "outbox", sent: boolean): void {
  (sent ? emailsSent : emailsFailed).inc({ transport });
}

// Defined here, fed by the code that owns each resource (pub/sub, Redis, the database pools).

const pubsubDeliveryLag = new Histogram({
  name: "pubsub_delivery_lag_seconds",
  help: "From an event's publication to its delivery to this instance's subscribers.",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export function observePubSubDeliveryLag(seconds: number): void {
  pubsubDeliveryLag.observe(seconds);
}

let redisProbe: (() => boolean) | null = null;

/** Read at each scrape; without REDIS_URL live events stay in this process, so it reads 1. */
new Gauge({
  name: "redis_connected",
  help: "1 while the Redis connection (REDIS_URL) is up, 0 while it is down; 1 without REDIS_URL.",
  registers,
  collect() {
    if (redisProbe) this.set(redisProbe() ? 1 : 0);
  },
});

/** The latest app's Redis state answers the gauge (a process runs one app; tests build many). */
export function sampleRedisWith(probe: (() => boolean) | null): void {
  redisProbe = probe;
}

export interface PoolSample {
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

let poolSampler: (() => PoolSample[]) | null = null;

new Gauge({
  name: "db_pool_connections",
  help: "PostgreSQL pool connections by pool and state (busy, idle; waiting: queries waiting for one).",
  labelNames: ["pool", "state"] as const,
  registers,
  collect() {
    this.reset();
    for (const sample of poolSampler?.() ?? []) {
      this.set({ pool: sample.pool, state: "busy" }, sample.total - sample.idle);
      this.set({ pool: sample.pool, state: "idle" }, sample.idle);
      this.set({ pool: sample.pool, state: "waiting" }, sample.waiting);
    }
  },
});

export function sampleDbPoolsWith(sampler: () => PoolSample[]): void {
  poolSampler = sampler;
}

const dbPoolAcquireWait = new Histogram({
  name: "db_pool_acquire_wait_seconds",
  help: "Time a query waited for a pool connection.",
  labelNames: ["pool"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export function observeDbPoolAcquireWait(pool: string, seconds: number): void {
  dbPoolAcquireWait.observe({ pool }, seconds);
}
