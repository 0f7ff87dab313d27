import Database from "better-sqlite3";
import type { Db } from "./client.ts";
import { providerOf, sqliteFilePath } from "./client.ts";
import { numberedPlaceholders, type SqlValue } from "./sql.ts";

/** A value bound to a `?` placeholder. Dates and booleans are converted per database. */

export interface SqlOp {
  kind: "run" | "all";
  /** SQL with `?` placeholders and double-quoted identifiers (valid on SQLite and PostgreSQL). */
  sql: string;
  params: SqlValue[];
}

/**
 * A write transaction written once for both databases: a generator that yields SQL operations and
 * receives their results. SQLite runs it synchronously on a connection of its own, PostgreSQL
 * awaits each operation inside a Prisma transaction.
 */
export type SqlWork<Result> = Generator<SqlOp, Result, unknown>;

export function* run(sql: string, params: SqlValue[] = []): Generator<SqlOp, number, unknown> {
  return (yield { kind: "run", sql, params }) as number;
}

export function* all<Row>(sql: string, params: SqlValue[] = []): Generator<SqlOp, Row[], unknown> {
  return (yield { kind: "all", sql, params }) as Row[];
}

/** `(?, ?, ?), (?, ?, ?)` for `rows` rows of `columns` values. */
export function placeholders(rows: number, columns: number): string {
  const row = `(${Array.from({ length: columns }, () => "?").join(", ")})`;
  return Array.from({ length: rows }, () => row).join(", ");
}

/** `?, ?, ?` for an IN list of `count` values. */
export function inList(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}

/** Both databases accept this many bound values per statement (SQLite: 32766, PostgreSQL: 65535). */
export const MAX_PARAMS_PER_STATEMENT = 30_000;

export interface BulkOptions {
  /** How long to keep retrying while another writer holds SQLite's write lock. */
  lockTimeoutMs?: number;
}

export async function runWriteTransaction<Result>(
  db: Db,
  databaseUrl: string,
  work: () => SqlWork<Result>,
  options: BulkOptions = {},
): Promise<Result> {
  return providerOf(databaseUrl) === "sqlite"
    ? runOnSqlite(sqliteFilePath(databaseUrl), work, options.lockTimeoutMs ?? 30_000)
    : runOnPostgres(db, work);
}

/**
 * SQLite: a second connection, so the rows stay invisible to the app's connection until COMMIT
 * (Prisma's better-sqlite3 adapter shares one connection between its transaction and every other
 * query). The write lock is taken with BEGIN IMMEDIATE without a busy wait: waiting synchronously
 * would block the event loop that the current lock holder needs to finish. Once the lock is held,
 * the whole body runs synchronously, so nothing else interleaves with it.
 */
async function runOnSqlite<Result>(
  file: string,
  work: () => SqlWork<Result>,
  lockTimeoutMs: number,
): Promise<Result> {
  const connection = new Database(file);
  try {
    connection.pragma("busy_timeout = 0");
    await beginImmediate(connection, lockTimeoutMs);
    try {
      const result = driveSync(connection, work());
      connection.exec("COMMIT");
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec("ROLLBACK");
      throw error;
    }
  } finally {
    connection.close();
  }
}

async function beginImmediate(connection: Database.Database, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
    try {
      connection.exec("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code?.startsWith("SQLITE_BUSY");
      if (!busy || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** How Prisma's SQLite adapter stores them: ISO-8601 with +00:00, and 1/0. */
function sqliteParams(params: SqlValue[]): (string | number | null)[] {
  const converted = new Array<string | number | null>(params.length);
  // Bulk rows repeat one Date object (createdAt, updatedAt): format it once.
  let lastDate: Date | null = null;
  let lastText = "";
  for (let index = 0; index < params.length; index++) {
    const value = params[index];
    if (typeof value === "object" && value !== null) {
      if (value !== lastDate) {
        lastDate = value;
        lastText = `${value.toISOString().slice(0, -1)}+00:00`;
      }
      converted[index] = lastText;
    } else if (typeof value === "boolean") {
      converted[index] = value ? 1 : 0;
    } else {
      converted[index] = value;
    }
  }
  return converted;
}

function driveSync<Result>(connection: Database.Database, work: SqlWork<Result>): Result {
  const statements = new Map<string, Database.Statement>();
  let step = work.next();
  while (!step.done) {
    const op = step.value;
    let statement = statements.get(op.sql);
    if (!statement) {
      statement = connection.prepare(op.sql);
      statements.set(op.sql, statement);
    }
    const params = sqliteParams(op.params);
    step = work.next(op.kind === "all" ? statement.all(params) : statement.run(params).changes);
  }
  return step.value;
}

async function runOnPostgres<Result>(db: Db, work: () => SqlWork<Result>): Promise<Result> {
  return db.$transaction(
    async (tx) => {
      const generator = work();
      let step = generator.next();
      while (!step.done) {
        const op = step.value;
        const sql = numberedPlaceholders(op.sql);
        const result =
          op.kind === "all"
            ? await tx.$queryRawUnsafe(sql, ...op.params)
            : await tx.$executeRawUnsafe(sql, ...op.params);
        step = generator.next(result);
      }
      return step.value;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}
