import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Database from "better-sqlite3";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "./client.ts";
import { decodeSqliteRows } from "./kysely-values.ts";
import { databaseSettingsFrom, pgConnectionOptions } from "./settings.ts";
import { numberedPlaceholders, type SqlValue } from "./sql.ts";
import { providerOf, sqliteFilePath } from "./url.ts";

/** A value bound to a `?` placeholder. Dates and booleans are converted per database. */

export type SqlOp =
  | {
      kind: "run" | "all";
      /** SQL with `?` placeholders and double-quoted identifiers (valid on SQLite and PostgreSQL). */
      sql: string;
      params: SqlValue[];
      /** Compiled by the query builder for this database (see SqlFragment.compiled). */
      compiled?: boolean;
    }
  /**
   * PostgreSQL only: rows streamed into `table` with COPY, read from `rows` as they are sent (a
   * generator's rows are made while the database takes the ones before). Answers the row count.
   */
  | { kind: "copy"; table: string; columns: string[]; rows: Iterable<SqlValue[]> }
  /**
   * Only in a Prisma transaction (server/db/prisma-work.ts): another domain's service called
   * inside the same transaction. The driver's transactions refuse it.
   */
  | { kind: "call"; call: (tx: PrismaTx) => Promise<unknown> };

export type PrismaTx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * A write transaction written once for both databases: a generator that yields SQL operations and
 * receives their results. SQLite runs it synchronously on a connection of its own, PostgreSQL
 * awaits each operation on a connection of its own (bulk rows through COPY). Big writes run it in
 * a worker thread (server/db/workers.ts), so neither blocks the server's event loop.
 */
export type SqlWork<Result> = Generator<SqlOp, Result, unknown>;

export function* run(sql: string, params: SqlValue[] = []): Generator<SqlOp, number, unknown> {
  return (yield { kind: "run", sql, params }) as number;
}

export function* all<Row>(sql: string, params: SqlValue[] = []): Generator<SqlOp, Row[], unknown> {
  return (yield { kind: "all", sql, params }) as Row[];
}

export function* copy(
  table: string,
  columns: string[],
  rows: Iterable<SqlValue[]>,
): Generator<SqlOp, number, unknown> {
  return (yield { kind: "copy", table, columns, rows }) as number;
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

/**
 * Whether a bulk write streams its rows (PostgreSQL's COPY, fed while they are read): then a
 * caller reads its input lazily, else it parses everything before it takes the write lock.
 */
export function streamsBulkRows(databaseUrl: string): boolean {
  return providerOf(databaseUrl) === "postgresql";
}

export async function runWriteTransaction<Result>(
  _db: Db | null,
  databaseUrl: string,
  work: () => SqlWork<Result>,
  options: BulkOptions = {},
): Promise<Result> {
  return providerOf(databaseUrl) === "sqlite"
    ? runOnSqlite(sqliteFilePath(databaseUrl), work, options.lockTimeoutMs ?? 30_000)
    : runOnPostgres(databaseUrl, work);
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

export async function beginImmediate(connection: Database.Database, timeoutMs: number): Promise<void> {
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
export function sqliteParams(params: SqlValue[]): (string | number | null)[] {
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

/** Runs `work` on `connection`; `statements` caches prepared statements by text (per connection). */
export function driveSync<Result>(
  connection: Database.Database,
  work: SqlWork<Result>,
  statements = new Map<string, Database.Statement>(),
): Result {
  let step = work.next();
  while (!step.done) {
    const op = step.value;
    if (op.kind === "copy") throw new Error("COPY is PostgreSQL's");
    if (op.kind === "call") throw new Error("A service call needs a Prisma transaction.");
    let statement = statements.get(op.sql);
    if (!statement) {
      statement = connection.prepare(op.sql);
      statements.set(op.sql, statement);
    }
    const params = sqliteParams(op.params);
    if (op.kind === "run") step = work.next(statement.run(params).changes);
    else {
      const rows = statement.all(params);
      step = work.next(op.compiled ? decodeSqliteRows(op.sql, rows) : rows);
    }
  }
  return step.value;
}

/** timestamp(3) without time zone holds UTC, as Prisma writes it. */
export function postgresParam(value: SqlValue): string | number | boolean | null {
  return value instanceof Date ? value.toISOString().replace("T", " ").replace("Z", "") : value;
}

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** A text value in COPY's text format: backslash, newline, return and tab escaped. */
function copyEscaped(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (character) => COPY_ESCAPES[character]) : text;
}

/**
 * The rows in COPY's text format, a few hundred rows per chunk. Bulk rows repeat Date objects
 * (createdAt, updatedAt) and instants (hourly pickup times): each is formatted once.
 */
export function* copyChunks(rows: Iterable<SqlValue[]>, rowsPerChunk = 500): Generator<string> {
  const dates = new Map<number, string>();
  const dateText = (date: Date): string => {
    const time = date.getTime();
    let text = dates.get(time);
    if (text === undefined) {
      text = postgresParam(date) as string;
      if (dates.size >= 10_000) dates.clear();
      dates.set(time, text);
    }
    return text;
  };
  let chunk = "";
  let count = 0;
  for (const row of rows) {
    for (let position = 0; position < row.length; position++) {
      const value = row[position];
      if (position > 0) chunk += "\t";
      if (value === null || value === undefined) chunk += "\\N";
      else if (typeof value === "string") chunk += copyEscaped(value);
      else if (typeof value === "number") chunk += String(value);
      else if (typeof value === "boolean") chunk += value ? "t" : "f";
      else chunk += dateText(value);
    }
    chunk += "\n";
    if (++count % rowsPerChunk === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: string[],
  rows: Iterable<SqlValue[]>,
): Promise<number> {
  const stream = client.query(
    copyFrom(`COPY "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) FROM STDIN`),
  );
  await pipeline(Readable.from(copyChunks(rows)), stream);
  return stream.rowCount;
}

/**
 * Runs `work` on `client`. With `named`, each statement text is prepared once per connection
 * (PostgreSQL then skips parsing and planning it again): for hot paths with few distinct texts.
 */
export async function drivePostgres<Result>(
  client: pg.ClientBase,
  work: SqlWork<Result>,
  named?: Map<string, string>,
): Promise<Result> {
  let step = work.next();
  while (!step.done) {
    const op = step.value;
    let result: unknown;
    if (op.kind === "call") throw new Error("A service call needs a Prisma transaction.");
    if (op.kind === "copy") {
      result = await copyRows(client, op.table, op.columns, op.rows);
    } else {
      const text = op.compiled ? op.sql : numberedPlaceholders(op.sql);
      let name: string | undefined;
      if (named) {
        name = named.get(op.sql);
        if (!name) {
          name = `fw_w${named.size}`;
          named.set(op.sql, name);
        }
      }
      const answer = await client.query({ name, text, values: op.params.map(postgresParam) });
      result = op.kind === "all" ? answer.rows : (answer.rowCount ?? 0);
    }
    step = work.next(result);
  }
  return step.value;
}

/** Prisma writes timestamp(3) without time zone in UTC; pg would read it as local time. */
export const utcTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 1114) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Runs in upload worker threads, which have the environment but no AppConfig. */
async function runOnPostgres<Result>(databaseUrl: string, work: () => SqlWork<Result>): Promise<Result> {
  const settings = databaseSettingsFrom(process.env);
  const client = new pg.Client({
    ...pgConnectionOptions(databaseUrl, settings, "upload"),
    types: utcTypes,
    statement_timeout: settings.statementTimeoutMs > 0 ? settings.statementTimeoutMs : undefined,
  });
  // A connection lost mid-upload fails the pending statement (the transaction rolls back); the
  // event itself must not end the worker.
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("BEGIN");
    try {
      const result = await drivePostgres(client, work());
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}
