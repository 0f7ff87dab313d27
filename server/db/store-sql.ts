import {
  type Compilable,
  type Expression,
  type Insertable,
  type InsertQueryBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { SqlWork } from "./bulk.ts";
import { postgresArray } from "./bulk-statements.ts";
import { containsPattern, searchText } from "./contains-text.ts";
import { type DB, execute, providerOfStore, rowsOf, type Store } from "./kysely.ts";
import {
  asciiLower,
  type SqlFragment,
  type SqlValue,
  TRIGRAM,
  trigramContains as trigramContainsPostgres,
  trigramMatch,
  trigramTableContains,
} from "./sql.ts";

/**
 * The SQL that differs between SQLite and PostgreSQL, as expressions for the stores' builder:
 * the one place a store's statement changes with the database (besides kysely-values.ts' row
 * mapping). Upserts (`onConflict`) and RETURNING read the same on both and need nothing here.
 */

type Column = Expression<unknown>;

/** `column` is one of `values`, with one statement text for any count (a JSON or array parameter). */
export function oneOf(db: Store, column: Column, values: readonly string[]): RawBuilder<SqlBool> {
  return providerOfStore(db) === "postgresql"
    ? sql<SqlBool>`${column} = ANY(${postgresArray([...values])}::text[])`
    : sql<SqlBool>`${column} IN (SELECT "value" FROM json_each(${JSON.stringify(values)}))`;
}

/**
 * Case-insensitive "contains" (ASCII case, like SQLite's own LIKE): instr(lower(column)) on
 * SQLite, which an index on lower(column) serves; ILIKE with the wildcards escaped on PostgreSQL.
 * The text goes through contains-text.ts (at most 200 clean characters).
 */
export function containsAnyCase(db: Store, column: Column, text: string): RawBuilder<SqlBool> {
  return providerOfStore(db) === "postgresql"
    ? sql<SqlBool>`${column} ILIKE ${containsPattern(text)} ESCAPE '\\'`
    : sql<SqlBool>`instr(lower(${column}), ${asciiLower(searchText(text))}) > 0`;
}

/** A hand-written fragment (`?` placeholders) as a builder expression. */
export function fromFragment<Type>(fragment: SqlFragment): RawBuilder<Type> {
  const parts = fragment.sql.split("?");
  if (parts.length !== fragment.params.length + 1) throw new Error("A fragment's text holds a literal ?.");
  return sql<Type>(Object.assign([...parts], { raw: parts }) as TemplateStringsArray, ...fragment.params);
}

/**
 * "Contains, any case" through a trigram index: on SQLite the FTS5 trigram table `ftsTable` that
 * mirrors `column` under the rows' `rowid`, on PostgreSQL the pg_trgm GIN index on `column`
 * (sql.ts: trigramTableContains, trigramContains). Columns are SQL text, e.g. `l."loadId"`.
 */
export function trigramContains(
  db: Store,
  target: { rowid: string; ftsTable: string; column: string },
  text: string,
): RawBuilder<SqlBool> {
  return fromFragment(
    providerOfStore(db) === "postgresql"
      ? trigramContainsPostgres(target.column, text)
      : trigramTableContains(target.rowid, target.ftsTable, target.column, text),
  );
}

/** Locks the rows a write transaction read, until it ends (PostgreSQL; SQLite's writer holds the database lock). */
export function lockedForUpdate<Query extends { forUpdate(): Query }>(db: Store, query: Query): Query {
  return providerOfStore(db) === "postgresql" ? query.forUpdate() : query;
}

/** A count as either driver gives it (PostgreSQL's bigint comes back as text). */
export function countOf(value: number | bigint | string | null | undefined): number {
  return Number(value ?? 0);
}

/** Values a `oneOf` list holds at most: SQLite's json_each reads any count, this bounds one statement's text. */
const LOOKUP_GROUP = 5_000;

/** `values` in lists of a size one `oneOf` takes. */
export function lookupGroups<Value>(values: readonly Value[]): Value[][] {
  const groups: Value[][] = [];
  for (let start = 0; start < values.length; start += LOOKUP_GROUP)
    groups.push(values.slice(start, start + LOOKUP_GROUP));
  return groups;
}

/** A column of a bulk insert, with its PostgreSQL array element type. */
export interface BulkColumn<Name extends string = string> {
  name: Name;
  type: "text" | "double precision" | "integer" | "boolean" | "timestamp(3)";
}

/** SQLite's multi-row statements: a handful of texts, each prepared once. */
const SQLITE_ROWS_PER_INSERT = 100;

/** The rows in the groups one insert statement takes each (PostgreSQL: all at once). */
export function insertGroups<Row>(db: Store, rows: readonly Row[]): Row[][] {
  if (rows.length === 0) return [];
  if (providerOfStore(db) === "postgresql") return [[...rows]];
  const groups: Row[][] = [];
  for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_INSERT) {
    groups.push(rows.slice(start, start + SQLITE_ROWS_PER_INSERT));
  }
  return groups;
}

/**
 * `insert` with `rows`: on PostgreSQL one statement text for any count (each column passed as an
 * array through unnest), on SQLite a VALUES list (see insertGroups).
 */
export function withRows<Table extends keyof DB & string, Output, Name extends string>(
  db: Store,
  insert: InsertQueryBuilder<DB, Table, Output>,
  columns: readonly BulkColumn<Name>[],
  rows: readonly (Insertable<DB[Table]> & Record<Name, SqlValue>)[],
): InsertQueryBuilder<DB, Table, Output> {
  if (providerOfStore(db) === "sqlite") return insert.values(rows as Insertable<DB[Table]>[]);
  const arrays = columns.map(
    (column) => sql`${postgresArray(rows.map((row) => row[column.name]))}::${sql.raw(column.type)}[]`,
  );
  return insert
    .columns(columns.map((column) => column.name) as never)
    .expression(sql`SELECT * FROM unnest(${sql.join(arrays)})` as never);
}

/**
 * Any of `columns` contains the text, any case. SQLite: the FTS5 trigram table `ftsTable` that
 * mirrors those columns under the rows' `rowid` (kept by triggers), for TRIGRAM characters or
 * more, else instr scans; PostgreSQL: ILIKEs, which its trigram GIN indexes serve.
 */
export function anyColumnContains(
  db: Store,
  target: { rowid: string; ftsTable: string; columns: Column[] },
  text: string,
): RawBuilder<SqlBool> {
  if (providerOfStore(db) === "sqlite" && [...text].length >= TRIGRAM) {
    return fromFragment(trigramMatch(target.rowid, target.ftsTable, text));
  }
  return sql<SqlBool>`(${sql.join(
    target.columns.map((column) => containsAnyCase(db, column, text)),
    sql` OR `,
  )})`;
}

/**
 * Sets `columns` of each row of `table` (found by id) to that row's values, and `shared` on
 * every one: one statement on PostgreSQL (the values as arrays through unnest), a statement per
 * row on SQLite (in-process, so no round trip each).
 */
export function* updateEach<Table extends keyof DB & string, Name extends string>(
  db: Store,
  table: Table,
  columns: readonly BulkColumn<Name>[],
  rows: readonly ({ id: string } & Record<Name, SqlValue>)[],
  shared: Partial<Record<keyof DB[Table] & string, SqlValue>>,
): SqlWork<void> {
  if (rows.length === 0) return;
  if (providerOfStore(db) === "sqlite") {
    for (const row of rows) {
      const values = Object.fromEntries(columns.map((column) => [column.name, row[column.name]]));
      // The table is a parameter here: the builder's per-table types cannot follow it.
      const update = db.updateTable(table as "Route");
      yield* execute(update.set({ ...values, ...shared } as never).where("id", "=", row.id));
    }
    return;
  }
  const names = columns.map((column) => sql.ref(column.name));
  const sets = [
    ...columns.map((column) => sql`${sql.ref(column.name)} = v.${sql.ref(column.name)}`),
    ...Object.entries(shared).map(([name, value]) => sql`${sql.ref(name)} = ${value}`),
  ];
  const arrays = [
    sql`${postgresArray(rows.map((row) => row.id))}::text[]`,
    ...columns.map(
      (column) => sql`${postgresArray(rows.map((row) => row[column.name]))}::${sql.raw(column.type)}[]`,
    ),
  ];
  const statement = sql`UPDATE ${sql.table(table)} AS t SET ${sql.join(sets)} FROM unnest(${sql.join(arrays)}) AS v("id", ${sql.join(names)}) WHERE t."id" = v."id"`;
  yield* execute({ compile: () => statement.compile(db) });
}

/**
 * A fresh random id made by the database, one per row of an INSERT ... SELECT: `prefix` and 24
 * lower-case hex digits (md5 of random() and the clock on PostgreSQL, randomblob on SQLite).
 */
export function randomRowId(db: Store, prefix: string): RawBuilder<string> {
  return providerOfStore(db) === "postgresql"
    ? sql<string>`${prefix} || substr(md5(random()::text || clock_timestamp()::text), 1, 24)`
    : sql<string>`${prefix} || lower(hex(randomblob(12)))`;
}

/**
 * `at` as a value of a timestamp(3) column where PostgreSQL cannot infer a parameter's type
 * (a SELECT list feeding an INSERT); SQLite keeps the text Prisma writes.
 */
export function timestampValue(db: Store, at: Date): RawBuilder<Date> {
  return providerOfStore(db) === "postgresql"
    ? sql<Date>`(CAST(${at.toISOString()} AS timestamptz) AT TIME ZONE 'UTC')`
    : sql<Date>`${at}`;
}

/**
 * Holds the rows `query` selects until the transaction ends, without reading them: SELECT ... FOR
 * UPDATE on PostgreSQL; nothing on SQLite, whose one write transaction at a time holds them already.
 */
export function* holdRows<Query extends Compilable<unknown> & { forUpdate(): Query }>(
  db: Store,
  query: Query,
): SqlWork<void> {
  if (providerOfStore(db) === "postgresql") yield* rowsOf(query.forUpdate());
}

/**
 * A timestamp column moved by whole minutes, comparable with other timestamp columns: PostgreSQL's
 * interval arithmetic; on SQLite strftime into the text form Prisma stores (so text order is time order).
 */
export function plusMinutes(db: Store, column: Column, minutes: number): RawBuilder<Date> {
  const whole = Math.trunc(minutes);
  return providerOfStore(db) === "postgresql"
    ? sql<Date>`(${column} + make_interval(mins => CAST(${whole} AS integer)))`
    : sql<Date>`strftime('%Y-%m-%dT%H:%M:%f+00:00', ${column}, ${`${whole >= 0 ? "+" : ""}${whole} minutes`})`;
}
