import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { isoTextOf } from "../lib/iso-time.ts";
import { type DbProvider, providerOf, sqliteFilePath } from "./client.ts";
import { decodeSqliteRows } from "./kysely-values.ts";
import { createPgPool } from "./pg-pool.ts";
import { type DatabaseSettings, DEFAULT_DATABASE_SETTINGS } from "./settings.ts";
import type { SqlValue } from "./sql.ts";
import { numberedPlaceholders, type SqlFragment } from "./sql.ts";

/**
 * Hand-written reads for the few hot paths where Prisma costs many times the database work
 * (session check, load list): SQL through the driver with prepared statements kept per text.
 * Only services use it, behind their own functions; the SQL is written once with `?`
 * placeholders and double-quoted identifiers for both databases.
 *
 * Values come back as the driver gives them: on SQLite DateTime columns are ISO text and
 * booleans 0/1, on PostgreSQL Dates and booleans; see `toDate`/`toBoolean`.
 */
export interface SqlReader {
  provider: DbProvider;
  all<Row>(fragment: SqlFragment): Promise<Row[]>;
  /**
   * The same rows as arrays of values in the statement's column order (no object per row: for
   * pages read on every request), with DateTime columns as text: SQLite's as stored, PostgreSQL's
   * as ISO-8601 (`isoTextOf` reads both).
   */
  rows(fragment: SqlFragment): Promise<unknown[][]>;
  /**
   * SQLite: a number that changes whenever another connection (this process's Prisma, a worker,
   * another process) commits to the database; null on PostgreSQL, which has no such cheap signal.
   */
  dataVersion: (() => number) | null;
  /**
   * Each statement is a round trip to another process (PostgreSQL): two reads in one statement
   * save a wake-up of both. False on SQLite, whose reads run in this process.
   */
  roundTrips: boolean;
  close(): Promise<void>;
}

export function createSqlReader(
  databaseUrl: string,
  settings: DatabaseSettings = DEFAULT_DATABASE_SETTINGS,
): SqlReader {
  return providerOf(databaseUrl) === "postgresql"
    ? postgresReader(databaseUrl, settings)
    : sqliteReader(sqliteFilePath(databaseUrl));
}

/** Prisma's SQLite adapter stores DateTime as ISO-8601 text with "+00:00". */
function sqliteParam(value: SqlValue): string | number | null {
  if (value instanceof Date) return `${value.toISOString().slice(0, -1)}+00:00`;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * A connection of its own (WAL mode lets it read while Prisma's connection writes). better-sqlite3
 * is synchronous: these reads are index lookups and page-sized scans, well under a millisecond.
 */
function sqliteReader(file: string): SqlReader {
  const connection = new Database(file, { fileMustExist: true });
  connection.pragma("busy_timeout = 5000");
  const statements = new Map<string, Database.Statement>();
  const rawStatements = new Map<string, Database.Statement>();
  const version = connection.prepare("PRAGMA data_version").pluck();
  const prepared = (cache: Map<string, Database.Statement>, sql: string, raw: boolean) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      if (raw) statement.raw(true);
      cache.set(sql, statement);
    }
    return statement;
  };
  return {
    provider: "sqlite",
    dataVersion: () => version.get() as number,
    roundTrips: false,
    async all<Row>({ sql, params, compiled }: SqlFragment): Promise<Row[]> {
      const rows = prepared(statements, sql, false).all(params.map(sqliteParam));
      return compiled ? decodeSqliteRows<Row>(sql, rows) : (rows as Row[]);
    },
    async rows({ sql, params }: SqlFragment): Promise<unknown[][]> {
      return prepared(rawStatements, sql, true).all(params.map(sqliteParam)) as unknown[][];
    },
    async close() {
      connection.close();
    },
  };
}

const TIMESTAMP = 1114;
const INT8 = 20;
const NUMERIC = 1700;

const utcDate = (value: string) => new Date(`${value.replace(" ", "T")}Z`);

/** Prisma writes timestamp(3) without time zone in UTC; pg would read it as local time. */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return utcDate;
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** `types`, with timestamps kept as ISO-8601 text (see `rows`). */
const textTimestamps = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return (value: string) => isoTextOf(value) ?? utcDate(value);
    return types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function postgresParam(value: SqlValue): string | number | boolean | null {
  return value instanceof Date ? value.toISOString().replace("T", " ").replace("Z", "") : value;
}

/** Named statements: PostgreSQL parses and plans each text once per connection. */
function postgresReader(databaseUrl: string, settings: DatabaseSettings): SqlReader {
  const pool = createPgPool("reader", databaseUrl, settings, { max: settings.readPoolSize, types });
  const names = new Map<string, { name: string; text: string }>();
  const named = ({ sql, compiled }: SqlFragment) => {
    let prepared = names.get(sql);
    if (!prepared) {
      prepared = {
        name: `fw_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`,
        text: compiled ? sql : numberedPlaceholders(sql),
      };
      names.set(sql, prepared);
    }
    return prepared;
  };
  return {
    provider: "postgresql",
    dataVersion: null,
    roundTrips: true,
    async all<Row>(fragment: SqlFragment): Promise<Row[]> {
      const result = await pool.query({ ...named(fragment), values: fragment.params.map(postgresParam) });
      return result.rows as Row[];
    },
    async rows(fragment: SqlFragment): Promise<unknown[][]> {
      const result = await pool.query({
        ...named(fragment),
        values: fragment.params.map(postgresParam),
        rowMode: "array",
        types: textTimestamps,
      });
      return result.rows as unknown[][];
    },
    async close() {
      await pool.end();
    },
  };
}

export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

export function toBoolean(value: unknown): boolean {
  return value === true || value === 1;
}
