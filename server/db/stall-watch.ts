import pg from "pg";
import { moduleLogger } from "../ops/logger.ts";
import { DatabaseUnreachableError, isDatabaseUnavailable } from "./connection-faults.ts";
import type { DatabaseSettings } from "./settings.ts";

const log = moduleLogger("db");

/**
 * Pooled connections whose database went silent (packets dropped: a partition, a dead host) would
 * hold their callers until the statement timeout, tens of seconds. A statement that has heard
 * nothing back for STALL_AFTER_MS makes the watch open a fresh connection to the same database; if
 * that fails to connect within the connect timeout, the database is unreachable, and every silent
 * or idle connection to it is cut at once: their callers get a fault (a 503) in seconds, and the
 * pools reconnect when the database answers again. A slow statement on a reachable database is
 * left alone (the probe connects).
 */
export const STALL_AFTER_MS = 500;
const TICK_MS = 100;

interface WireClient extends pg.PoolClient {
  /** node-postgres: false from a statement's submission until PostgreSQL says ReadyForQuery. */
  readyForQuery?: boolean;
  connection: pg.Connection & { stream: NodeJS.ReadableStream & { destroy(error?: Error): void } };
}

interface Watched {
  client: WireClient;
  busySince: number | null;
  lastRead: number;
}

interface Target {
  databaseUrl: string;
  settings: DatabaseSettings;
  clients: Set<Watched>;
  probing: boolean;
  lastProbeAt: number;
}

const targets = new Map<string, Target>();
let timer: NodeJS.Timeout | null = null;

export function watchForStalls(pool: pg.Pool, databaseUrl: string, settings: DatabaseSettings): void {
  const watchedOf = new Map<pg.PoolClient, { watched: Watched; target: Target }>();
  pool.on("connect", (client) => {
    let target = targets.get(databaseUrl);
    if (!target) {
      target = { databaseUrl, settings, clients: new Set(), probing: false, lastProbeAt: 0 };
      targets.set(databaseUrl, target);
    }
    const watched: Watched = { client: client as WireClient, busySince: null, lastRead: Date.now() };
    watched.client.connection.stream.on("data", () => {
      watched.lastRead = Date.now();
    });
    watchedOf.set(client, { watched, target });
    target.clients.add(watched);
    timer ??= setInterval(tick, TICK_MS).unref();
  });
  pool.on("remove", (client) => {
    const entry = watchedOf.get(client);
    if (!entry) return;
    watchedOf.delete(client);
    entry.target.clients.delete(entry.watched);
    if (entry.target.clients.size === 0 && targets.get(databaseUrl) === entry.target) {
      targets.delete(databaseUrl);
    }
    if (targets.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  });
}

function tick(): void {
  const now = Date.now();
  for (const target of targets.values()) {
    let stalled = false;
    for (const watched of target.clients) {
      if (watched.client.readyForQuery !== false) {
        watched.busySince = null;
        continue;
      }
      watched.busySince ??= now;
      if (now - Math.max(watched.busySince, watched.lastRead) >= STALL_AFTER_MS) stalled = true;
    }
    if (stalled) void probe(target);
  }
}

async function probe(target: Target): Promise<void> {
  const spacing = Math.max(target.settings.connectTimeoutMs, 2_000);
  if (target.probing || Date.now() - target.lastProbeAt < spacing) return;
  target.probing = true;
  try {
    if (!(await unreachable(target))) return;
    const cut = [...target.clients].filter(
      (watched) => watched.client.readyForQuery !== false || Date.now() - watched.lastRead >= STALL_AFTER_MS,
    );
    log.warn(
      { connections: cut.length },
      "the database stopped answering; cutting its silent connections so their requests fail fast",
    );
    for (const watched of cut) watched.client.connection.stream.destroy(new DatabaseUnreachableError());
  } finally {
    target.probing = false;
    target.lastProbeAt = Date.now();
  }
}

/** True only when a fresh connection cannot be made at all (not when PostgreSQL answers "no"). */
async function unreachable(target: Target): Promise<boolean> {
  const { connectTimeoutMs } = target.settings;
  const client = new pg.Client({
    connectionString: target.databaseUrl,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: connectTimeoutMs,
    application_name: "freightway probe",
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
    return false;
  } catch (error) {
    const answeredByServer = typeof (error as { severity?: unknown }).severity === "string";
    return !answeredByServer && isDatabaseUnavailable(error);
  } finally {
    void client.end().catch(() => undefined);
  }
}
