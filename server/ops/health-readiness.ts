import { providerOf } from "../db/client.ts";
import { pendingMigrationCount } from "../db/migrate.ts";
import { sql } from "../db/sql.ts";
import type { Deps } from "../deps.ts";

/** The database must answer a probe within this; a hung connection is a failed check, not a hung probe. */
export const READINESS_DATABASE_TIMEOUT_MS = 2_000;

export interface ReadinessChecks {
  database: "ok" | "down" | "timeout" | "skipped";
  migrations: "ok" | "pending" | "unknown" | "skipped";
  redis: "ok" | "down" | "not configured";
  draining: boolean;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
}

type DatabaseChecks = Pick<ReadinessChecks, "database" | "migrations">;

const TIMED_OUT: DatabaseChecks = { database: "timeout", migrations: "unknown" };

/**
 * What /readyz reports: the database answers in time and has every migration, Redis (when
 * configured) is connected, and the instance is not draining. One query per probe, through the
 * driver's prepared statement (no Prisma); probes arriving while a query is still out share it,
 * so a database that stopped answering holds one pool connection, not one per probe.
 */
export function createReadinessCheck(deps: Deps, isDraining: () => boolean): () => Promise<Readiness> {
  const provider = providerOf(deps.config.databaseUrl);
  let pending: Promise<DatabaseChecks> | null = null;

  const askDatabase = (): Promise<DatabaseChecks> => {
    pending ??= pendingMigrationCount((text) => deps.sql.all(sql(text)), provider)
      .then(
        (count): DatabaseChecks => ({ database: "ok", migrations: count === 0 ? "ok" : "pending" }),
        (): DatabaseChecks => ({ database: "down", migrations: "unknown" }),
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  return async () => {
    const redis = !deps.config.redisUrl ? "not configured" : deps.pubsub.connected() ? "ok" : "down";
    if (isDraining()) {
      return { ready: false, checks: { database: "skipped", migrations: "skipped", redis, draining: true } };
    }
    const database = await withTimeout(askDatabase(), READINESS_DATABASE_TIMEOUT_MS, TIMED_OUT);
    // Read again: the instance may have started draining while the database answered.
    const draining = isDraining();
    const checks: ReadinessChecks = { ...database, redis, draining };
    const ready =
      checks.database === "ok" && checks.migrations === "ok" && checks.redis !== "down" && !draining;
    return { ready, checks };
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
