import { performance } from "node:perf_hooks";
import pg from "pg";
import { moduleLogger } from "../ops/logger.ts";
import { type DatabaseSettings, pgConnectionOptions } from "./settings.ts";
import { watchForStalls } from "./stall-watch.ts";

const log = moduleLogger("db");

/** The pools of one app: Prisma's, the hot-path reader's and the hot-path writer's. */
export type PoolName = "prisma" | "reader" | "writer";

export interface PoolStats {
  pool: PoolName;
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** Called each time a caller got a connection, with how long it waited for it. */
export type AcquireListener = (pool: PoolName, waitMs: number) => void;

const livePools = new Map<pg.Pool, PoolName>();
const acquireListeners = new Set<AcquireListener>();

/** Every open PostgreSQL pool of this process, for metrics (none on SQLite). */
export function databasePoolStats(): PoolStats[] {
  return [...livePools].map(([pool, name]) => ({
    pool: name,
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
}

/** Observes connection-acquire waits of every pool; returns the unsubscribe. */
export function onConnectionAcquired(listener: AcquireListener): () => void {
  acquireListeners.add(listener);
  return () => {
    acquireListeners.delete(listener);
  };
}

type AcquireCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void;

/**
 * A pool with the statement timeout on each connection, a client-side read timeout past it (for
 * a server that went silent), and every connection watched for stalls (db/stall-watch.ts). An idle
 * or in-use connection that breaks never throws into the process: its caller's query fails.
 */
export function createPgPool(
  name: PoolName,
  databaseUrl: string,
  settings: DatabaseSettings,
  options: { max: number; types?: pg.CustomTypesConfig },
): pg.Pool {
  const statementTimeout = settings.statementTimeoutMs;
  const pool = new pg.Pool({
    ...pgConnectionOptions(databaseUrl, settings, name),
    max: options.max,
    types: options.types,
    statement_timeout: statementTimeout > 0 ? statementTimeout : undefined,
    query_timeout: statementTimeout > 0 ? statementTimeout + settings.connectTimeoutMs : undefined,
    allowExitOnIdle: true,
  });
  pool.on("error", (error) => log.debug({ pool: name, err: error }, "idle database connection dropped"));
  pool.on("connect", (client) => {
    // pg-pool listens for errors only while a connection is idle: a checked-out one that breaks
    // would otherwise emit an unhandled 'error' (and end the process).
    client.on("error", (error) => log.debug({ pool: name, err: error }, "database connection broke"));
  });
  watchForStalls(pool, databaseUrl, settings);
  timeAcquisitions(pool, name);
  livePools.set(pool, name);
  const end = pool.end.bind(pool);
  pool.end = (() => {
    livePools.delete(pool);
    return end();
  }) as typeof pool.end;
  return pool;
}

function timeAcquisitions(pool: pg.Pool, name: PoolName): void {
  const connect = pool.connect.bind(pool) as (callback: AcquireCallback) => void;
  const acquired = (started: number) => {
    if (acquireListeners.size === 0) return;
    const waitMs = performance.now() - started;
    for (const listener of acquireListeners) {
      try {
        listener(name, waitMs);
      } catch (error) {
        log.warn({ err: error }, "a connection-acquire listener failed");
      }
    }
  };
  // pool.query goes through this.connect(callback) too, so every acquisition is timed here.
  pool.connect = ((callback?: AcquireCallback) => {
    const started = performance.now();
    if (callback) {
      connect((error, client, done) => {
        if (!error) acquired(started);
        callback(error, client, done);
      });
      return undefined;
    }
    return new Promise<pg.PoolClient>((resolve, reject) => {
      connect((error, client) => {
        if (error || !client) {
          reject(error);
          return;
        }
        acquired(started);
        resolve(client);
      });
    });
  }) as typeof pool.connect;
}
