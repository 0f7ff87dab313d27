import { setTimeout as sleep } from "node:timers/promises";
import { moduleLogger } from "../ops/logger.ts";
import { isDatabaseUnavailable } from "./connection-faults.ts";
import { migrate } from "./migrate.ts";
import { type DatabaseSettings, DEFAULT_DATABASE_SETTINGS } from "./settings.ts";
import { providerOf } from "./url.ts";

const log = moduleLogger("db");

/** Backoff between attempts while the database cannot be reached at start: 0.5 s doubling to 10 s. */
export function startRetryDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 10_000);
}

/** host:port/database, without credentials, for log lines. */
function whereOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/**
 * Applies the migrations at start, waiting for PostgreSQL as long as it takes while it cannot be
 * reached (down, starting, unreachable: each attempt fails within the connect timeout), with a log
 * line per attempt. Anything else (a wrong password, a missing database, a broken migration)
 * fails at once. SQLite is a local file: nothing to wait for.
 */
export async function migrateWhenReachable(
  databaseUrl: string,
  settings: DatabaseSettings = DEFAULT_DATABASE_SETTINGS,
): Promise<string[]> {
  if (providerOf(databaseUrl) !== "postgresql") return migrate(databaseUrl, settings);
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await migrate(databaseUrl, settings);
      if (attempt > 1) log.info({ database: whereOf(databaseUrl), attempt }, "the database is reachable");
      return applied;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = startRetryDelayMs(attempt);
      log.warn(
        { database: whereOf(databaseUrl), attempt, retryInMs, reason: (error as Error).message },
        "waiting for the database",
      );
      await sleep(retryInMs);
    }
  }
}
