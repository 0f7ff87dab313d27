import type pg from "pg";

/**
 * How this instance talks to PostgreSQL: timeouts that make an unreachable database fail fast,
 * and the size of each connection pool. Read from the environment by config.ts, and by the
 * upload worker threads (which get no AppConfig) from the same variables.
 */
export interface DatabaseSettings {
  /** DB_CONNECT_TIMEOUT_MS: a new connection (TCP and PostgreSQL's handshake), or a free pooled one, within this. */
  connectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer (0: never). */
  statementTimeoutMs: number;
  /** DB_POOL_SIZE: connections of the Prisma pool (most reads and writes). */
  poolSize: number;
  /** DB_READ_POOL_SIZE: connections of the hot-path reader (session checks, list pages, health). */
  readPoolSize: number;
  /** DB_WRITE_POOL_SIZE: connections of the hot-path writer (bids, position reports). */
  writePoolSize: number;
}

export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = {
  connectTimeoutMs: 5_000,
  // A statement, not a request: an upload or an export runs many statements, each well under this.
  statementTimeoutMs: 30_000,
  poolSize: 10,
  readPoolSize: 4,
  writePoolSize: 4,
};

function wholeNumber(raw: string | undefined, fallback: number, name: string, least: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least) {
    throw new Error(`${name} must be a whole number${least > 0 ? ` of at least ${least}` : ""}.`);
  }
  return value;
}

export function databaseSettingsFrom(env: NodeJS.ProcessEnv): DatabaseSettings {
  const defaults = DEFAULT_DATABASE_SETTINGS;
  return {
    connectTimeoutMs: wholeNumber(
      env.DB_CONNECT_TIMEOUT_MS,
      defaults.connectTimeoutMs,
      "DB_CONNECT_TIMEOUT_MS",
      1,
    ),
    statementTimeoutMs: wholeNumber(
      env.DB_STATEMENT_TIMEOUT_MS,
      defaults.statementTimeoutMs,
      "DB_STATEMENT_TIMEOUT_MS",
      0,
    ),
    poolSize: wholeNumber(env.DB_POOL_SIZE, defaults.poolSize, "DB_POOL_SIZE", 1),
    readPoolSize: wholeNumber(env.DB_READ_POOL_SIZE, defaults.readPoolSize, "DB_READ_POOL_SIZE", 1),
    writePoolSize: wholeNumber(env.DB_WRITE_POOL_SIZE, defaults.writePoolSize, "DB_WRITE_POOL_SIZE", 1),
  };
}

/**
 * What every connection to PostgreSQL gets, pooled or not: a connect timeout (TCP and the
 * handshake: a dropped packet fails in seconds, not minutes), TCP keep-alive and a name in
 * pg_stat_activity.
 */
export function pgConnectionOptions(
  databaseUrl: string,
  settings: DatabaseSettings,
  purpose: string,
): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    keepAlive: true,
    application_name: `freightway ${purpose}`,
  };
}
