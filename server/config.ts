import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DEFAULT_DETENTION_TERMS, type DetentionTerms } from "../common/loads/appointments.ts";
import { type DatabaseSettings, databaseSettingsFrom } from "./db/settings.ts";
import { readBackupDir, readBackupEvery, readBackupKeep } from "./ops/backup-settings.ts";
import { defaultRedisPrefix } from "./redis-prefix.ts";

export type SessionPolicy = "replace" | "reject";

export interface AppConfig {
  databaseUrl: string;
  redisUrl: string | undefined;
  port: number;
  host: string;
  production: boolean;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  sessionPolicy: SessionPolicy;
  blockedEmailDomains: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  clientDistDir: string;
  secureCookies: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /** SEED_DEMO=reset: empty the database at start, then load the demo set again (a demo machine only). */
  demoReset: boolean;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Tracking: a position this close to a stop's facility (metres) marks it arrived. */
  trackingGeofenceMeters: number;
  /** TENDER_ACCEPT_MINUTES: how long an award's winner has to accept the tender (default 60). */
  tenderAcceptMinutes: number;
  /** COUNTER_OFFER_MINUTES: how long a carrier has to accept an operator's counter-offer (default 30). */
  counterOfferMinutes: number;
  /** WATERFALL_MINUTES: a waterfall carrier's turn when the operator gives no length (default 15). */
  waterfallMinutes: number;
  /** QUICK_PAY_FEE_PERCENT (default 2, up to two decimals): what quick pay keeps back, in basis points. */
  quickPayFeeBasisPoints: number;
  /** QUICK_PAY_DAYS (default 2): a bill asked for quick pay is paid this many days after the ask. */
  quickPayDays: number;
  /** TONU_DEFAULT_CENTS (default 15000): the TONU charge proposed when a covered load is cancelled. */
  tonuDefaultCents: number;
  /** Optional raster tiles drawn under the offline basemap ({z}/{x}/{y} URL template). */
  mapTileUrl: string | undefined;
  mapTileAttribution: string | undefined;
  /** CARRIER_APPROVAL=required: carrier sign-ups wait for an operator's approval (default off). */
  carrierApproval: "off" | "required";
  /** CARRIER_COMPLIANCE=required: only compliant carriers may bid, book or be awarded (default off). */
  carrierCompliance: "off" | "required";
  /** APP_URL: the public origin put in e-mailed links (invitations); http://localhost:PORT by default. */
  appUrl: string;
  /** How many proxies in front of us append to X-Forwarded-For (0: use the socket's address). */
  trustProxy: number;
  /** Sign-ups one client address may make per hour. */
  signupMaxPerAddress: number;
  /** RESPONSE_CACHE=off: never reuse a GraphQL answer (server/graphql/response-cache.ts). */
  responseCache: boolean;
  /** COMPILED_QUERIES=off: every query runs on graphql-js' executor (server/graphql/compiled-queries.ts). */
  compiledQueries: boolean;
  /** LOAD_COUNT_CACHE=off: every load list total is counted (server/loads/list-count.ts). */
  loadCountCache: boolean;
  /** GRAPHQL_MAX_IN_FLIGHT: GraphQL and REST requests over HTTP run at once; the next gets a fast 503 (server/http/overload.ts). */
  graphqlMaxInFlight: number;
  /** GRAPHQL_MAX_QUEUE_MS: the longest a GraphQL or REST request waits for its turn before a fast 503 (server/http/overload.ts). */
  graphqlMaxQueueMs: number;
  /** MAX_EVENT_LOOP_DELAY_MS: past this mean event loop lag every new request gets a 503 (@fastify/under-pressure); 0 (default): off. */
  maxEventLoopDelayMs: number;
  /** VIEWER_CACHE=off: every request reads its session (server/auth/viewer-cache.ts). */
  viewerCache: boolean;
  /** CORS_ORIGINS: origins (comma-separated) whose pages may call the API with credentials; none by default. */
  corsOrigins: string[];
  /** HEADERS_TIMEOUT_MS: a request whose headers have not all arrived by then is dropped. */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_MS: a request (headers and body) that has not fully arrived by then is dropped. */
  requestTimeoutMs: number;
  /** DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_POOL_SIZE, DB_READ_POOL_SIZE, DB_WRITE_POOL_SIZE. */
  database: DatabaseSettings;
  /** REDIS_PREFIX: put before every Redis channel name; by default derived from the database. */
  redisPrefix: string;
  /** SHUTDOWN_DELAY_SECONDS: after a signal, /readyz fails this long before the listener closes. */
  shutdownDelaySeconds: number;
  /** SHUTDOWN_GRACE_SECONDS: then in-flight requests get this long to finish before they are cut. */
  shutdownGraceSeconds: number;
  /** WS_PING_SECONDS: how often each WebSocket is pinged; one that misses a pong is dropped. */
  wsPingSeconds: number;
  /** The mail outbox's worker (server/mail/worker.ts). */
  mailOutbox: MailOutboxSettings;
  /** BACKUP_DIR: where `npm run backup` and scheduled backups write (SQLite). */
  backupDir: string;
  /** BACKUP_EVERY: the period of scheduled backups; undefined, none (server/ops/backup-schedule.ts). */
  backupEveryMs: number | undefined;
  /** BACKUP_KEEP: scheduled backups keep this many newest backups. */
  backupKeep: number;
  /** DETENTION_FREE_MINUTES / DETENTION_RATE_CENTS_PER_HOUR: dwell beyond the free time proposes detention. */
  detention: DetentionTerms;
  /** METRICS_TOKEN: the Bearer token /metrics asks for; unset, there is no /metrics at all. */
  metricsToken: string | undefined;
  /** METRICS_PORT: /metrics on a listener of its own (and not on the app's port). */
  metricsPort: number | undefined;
}

/** A whole number of at least 0 from the environment (unset: the default); anything else stops the start. */
function wholeOrZero(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`${name} must be a whole number of at least 0`);
  return number;
}

const DEFAULT_DATABASE_URL = "file:./data/freightway.db";

/** Reads the environment once; tests build their own config with overrides. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const production = env.NODE_ENV === "production";
  return {
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? "0.0.0.0",
    production,
    jwtSecret: overrides.jwtSecret ?? readJwtSecret(env.JWT_SECRET, databaseUrl),
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 15 * 60),
    sessionPolicy: env.SESSION_POLICY === "reject" ? "reject" : "replace",
    blockedEmailDomains: (env.BLOCKED_EMAIL_DOMAINS ?? "")
      .split(",")
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Freightway <no-reply@freightway.local>",
    outboxDir: resolve(env.OUTBOX_DIR ?? "data/outbox"),
    clientDistDir: resolve(env.CLIENT_DIST_DIR ?? "client/dist"),
    secureCookies: env.COOKIE_SECURE === "1" || (production && env.COOKIE_SECURE !== "0"),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO === "1" || env.SEED_DEMO === "reset",
    demoReset: env.SEED_DEMO === "reset",
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginWindowSeconds: Number(env.LOGIN_WINDOW_SECONDS ?? 15 * 60),
    trackingGeofenceMeters: Number(env.TRACKING_GEOFENCE_METERS ?? 200),
    tenderAcceptMinutes: positiveWhole(env.TENDER_ACCEPT_MINUTES, 60, "TENDER_ACCEPT_MINUTES"),
    counterOfferMinutes: positiveWhole(env.COUNTER_OFFER_MINUTES, 30, "COUNTER_OFFER_MINUTES"),
    waterfallMinutes: positiveWhole(env.WATERFALL_MINUTES, 15, "WATERFALL_MINUTES"),
    quickPayFeeBasisPoints: readPercentBasisPoints(env.QUICK_PAY_FEE_PERCENT, 200, "QUICK_PAY_FEE_PERCENT"),
    quickPayDays: positiveWhole(env.QUICK_PAY_DAYS, 2, "QUICK_PAY_DAYS"),
    tonuDefaultCents: positiveWhole(env.TONU_DEFAULT_CENTS, 15_000, "TONU_DEFAULT_CENTS"),
    mapTileUrl: env.MAP_TILE_URL || undefined,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION || undefined,
    carrierApproval: env.CARRIER_APPROVAL === "required" ? "required" : "off",
    carrierCompliance: env.CARRIER_COMPLIANCE === "required" ? "required" : "off",
    appUrl: (env.APP_URL || `http://localhost:${env.PORT ?? 4000}`).replace(/\/+$/, ""),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    signupMaxPerAddress: Number(env.SIGNUP_MAX_PER_ADDRESS ?? 10),
    responseCache: env.RESPONSE_CACHE !== "off",
    compiledQueries: env.COMPILED_QUERIES !== "off",
    loadCountCache: env.LOAD_COUNT_CACHE !== "off",
    viewerCache: env.VIEWER_CACHE !== "off",
    graphqlMaxInFlight: positiveWhole(env.GRAPHQL_MAX_IN_FLIGHT, 64, "GRAPHQL_MAX_IN_FLIGHT"),
    graphqlMaxQueueMs: positiveMs(env.GRAPHQL_MAX_QUEUE_MS, 500, "GRAPHQL_MAX_QUEUE_MS"),
    maxEventLoopDelayMs: wholeOrZero(env.MAX_EVENT_LOOP_DELAY_MS, 0, "MAX_EVENT_LOOP_DELAY_MS"),
    corsOrigins: readOrigins(env.CORS_ORIGINS),
    headersTimeoutMs: positiveMs(env.HEADERS_TIMEOUT_MS, 10_000, "HEADERS_TIMEOUT_MS"),
    requestTimeoutMs: positiveMs(env.REQUEST_TIMEOUT_MS, 30_000, "REQUEST_TIMEOUT_MS"),
    database: databaseSettingsFrom(env),
    redisPrefix: env.REDIS_PREFIX || defaultRedisPrefix(databaseUrl),
    shutdownDelaySeconds: seconds(env.SHUTDOWN_DELAY_SECONDS, 5, "SHUTDOWN_DELAY_SECONDS", 0),
    shutdownGraceSeconds: seconds(env.SHUTDOWN_GRACE_SECONDS, 25, "SHUTDOWN_GRACE_SECONDS", 0.001),
    wsPingSeconds: seconds(env.WS_PING_SECONDS, 30, "WS_PING_SECONDS", 0.001),
    mailOutbox: {
      retryBaseMs: 1000 * positiveWhole(env.MAIL_RETRY_BASE_SECONDS, 60, "MAIL_RETRY_BASE_SECONDS"),
      maxAttempts: positiveWhole(env.MAIL_MAX_ATTEMPTS, 8, "MAIL_MAX_ATTEMPTS"),
      pollMs: 5_000,
      leaseMs: 120_000,
      retentionMs: 24 * 3600_000 * positiveWhole(env.MAIL_RETENTION_DAYS, 30, "MAIL_RETENTION_DAYS"),
    },
    backupDir: readBackupDir(env.BACKUP_DIR),
    backupEveryMs: readBackupEvery(env.BACKUP_EVERY, databaseUrl),
    backupKeep: readBackupKeep(env.BACKUP_KEEP),
    detention: {
      freeMinutes: wholeOrZero(
        env.DETENTION_FREE_MINUTES,
        DEFAULT_DETENTION_TERMS.freeMinutes,
        "DETENTION_FREE_MINUTES",
      ),
      rateCentsPerHour: wholeOrZero(
        env.DETENTION_RATE_CENTS_PER_HOUR,
        DEFAULT_DETENTION_TERMS.rateCentsPerHour,
        "DETENTION_RATE_CENTS_PER_HOUR",
      ),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: readMetricsPort(env.METRICS_PORT, env.METRICS_TOKEN),
    ...overrides,
  };
}

/** CORS_ORIGINS: full origins (scheme, host, port), e.g. `https://partner.example.com`. */
function readOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin such as https://app.example.com.`);
    }
    if (parsed.origin !== origin) {
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin such as https://app.example.com.`);
    }
  }
  return origins;
}

function positiveMs(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of milliseconds.`);
  return value;
}

/** A duration in seconds (fractions allowed: tests shorten them), at least `min`. */
function seconds(raw: string | undefined, fallback: number, name: string, min: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number of seconds${min > 0 ? " above 0" : ""}.`);
  return value;
}

/** METRICS_PORT without METRICS_TOKEN would be a listener that answers nothing: refused at start. */
function readMetricsPort(raw: string | undefined, token: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error("METRICS_PORT must be a port number (0 to 65535).");
  if (!token) throw new Error("METRICS_PORT is set but METRICS_TOKEN is not: /metrics needs a token.");
  return port;
}

/** TRUST_PROXY: a hop count; `true`/`yes` mean one proxy (the usual load balancer). */
function readTrustProxy(raw: string | undefined): number {
  const value = raw?.trim().toLowerCase() ?? "";
  if (value === "" || value === "0" || value === "false" || value === "no") return 0;
  if (value === "true" || value === "yes") return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0)
    throw new Error("TRUST_PROXY must be a number of proxies (e.g. 1).");
  return hops;
}

/**
 * Several instances must share JWT_SECRET. A single embedded instance keeps a generated secret
 * beside its SQLite file so sessions survive restarts.
 */
function readJwtSecret(fromEnv: string | undefined, databaseUrl: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  if (!databaseUrl.startsWith("file:")) {
    throw new Error("JWT_SECRET must be set when DATABASE_URL points at a shared database.");
  }
  const file = resolve(dirname(databaseUrl.slice("file:".length)), ".jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // Written aside, then linked into place (atomic, fails if there): of two instances starting
    // together, one secret wins and both read it complete.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(draft, randomBytes(48).toString("base64url"), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}

export interface MailOutboxSettings {
  /** MAIL_RETRY_BASE_SECONDS: the wait after a first failed attempt; it doubles after each further one. */
  retryBaseMs: number;
  /** MAIL_MAX_ATTEMPTS: attempts before an e-mail is marked failed (an operator may retry it). */
  maxAttempts: number;
  /** How often an idle worker looks for due e-mails enqueued by other instances. */
  pollMs: number;
  /** How long a claim holds: longer than any send may take (the SMTP timeouts), shorter than patience. */
  leaseMs: number;
  /** MAIL_RETENTION_DAYS: sent and failed e-mails are deleted this long after they were queued. */
  retentionMs: number;
}

/** A percent from 0 to 100 with at most two decimals ("2", "2.5") as basis points (200, 250). */
function readPercentBasisPoints(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : Number.NaN;
  if (!(basisPoints >= 0 && basisPoints <= 10_000)) {
    throw new Error(`${name} must be a percent from 0 to 100 with at most two decimals.`);
  }
  return basisPoints;
}

function positiveWhole(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more.`);
  return value;
}
