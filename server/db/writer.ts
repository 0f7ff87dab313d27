import Database from "better-sqlite3";
import { beginImmediate, drivePostgres, driveSync, type SqlWork, utcTypes } from "./bulk.ts";
import { queryBuilder, type Store } from "./kysely.ts";
import { createPgPool } from "./pg-pool.ts";
import { type DatabaseSettings, DEFAULT_DATABASE_SETTINGS } from "./settings.ts";
import { type DbProvider, providerOf, sqliteFilePath } from "./url.ts";

/**
 * Write transactions for the few hot write paths (bids, position reports) through the driver, on
 * connections kept open with their prepared statements: Prisma's per-query cost there was many
 * times the database work. The work is a `SqlWork` generator written once for both databases.
 * SQLite runs it synchronously between BEGIN IMMEDIATE and COMMIT, so nothing interleaves with it;
 * PostgreSQL awaits each statement on a pooled connection of its own.
 */
export interface SqlWriter {
  provider: DbProvider;
  /** How many transactions may usefully run at once (SQLite has one writer). */
  parallel: number;
  /** Connections the writer holds at most (SQLite: its one). */
  connections: number;
  /** `work` builds its statements with `db` (server/db/kysely.ts: rowsOf, execute). */
  transaction<Result>(work: (db: Store) => SqlWork<Result>): Promise<Result>;
  close(): Promise<void>;
}

/** `settings.writePoolSize`: PostgreSQL transactions that may run at once. */
export function createSqlWriter(
  databaseUrl: string,
  settings: DatabaseSettings = DEFAULT_DATABASE_SETTINGS,
): SqlWriter {
  return providerOf(databaseUrl) === "postgresql"
    ? postgresWriter(databaseUrl, settings)
    : sqliteWriter(sqliteFilePath(databaseUrl));
}

/** A lock held by another connection is waited for without blocking the event loop. */
const SQLITE_LOCK_TIMEOUT_MS = 30_000;

function sqliteWriter(file: string): SqlWriter {
  let connection: Database.Database | null = null;
  const statements = new Map<string, Database.Statement>();
  let turn: Promise<void> = Promise.resolve();
  const open = () => {
    if (!connection) {
      connection = new Database(file, { fileMustExist: true });
      connection.pragma("busy_timeout = 0");
    }
    return connection;
  };
  return {
    provider: "sqlite",
    parallel: 1,
    connections: 1,
    transaction<Result>(work: (db: Store) => SqlWork<Result>): Promise<Result> {
      // One connection: its transactions run one after another (a second BEGIN on it would fail
      // while the first waits for the lock).
      const run = turn.then(async () => {
        const db = open();
        await beginImmediate(db, SQLITE_LOCK_TIMEOUT_MS);
        try {
          const result = driveSync(db, work(queryBuilder("sqlite")), statements);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      });
      turn = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    async close() {
      connection?.close();
      connection = null;
    },
  };
}

function postgresWriter(databaseUrl: string, settings: DatabaseSettings): SqlWriter {
  const connections = settings.writePoolSize;
  const pool = createPgPool("writer", databaseUrl, settings, { max: connections, types: utcTypes });
  const named = new Map<string, string>();
  return {
    provider: "postgresql",
    // Half the pool: group commit keeps the other connections for the rest of the hot paths.
    parallel: Math.max(1, Math.floor(connections / 2)),
    connections,
    async transaction<Result>(work: (db: Store) => SqlWork<Result>): Promise<Result> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        try {
          const result = await drivePostgres(client, work(queryBuilder("postgresql")), named);
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch((rollback: Error) => {
            broken = rollback;
          });
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
