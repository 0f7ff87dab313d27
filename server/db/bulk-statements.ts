import { all, copy, inList, MAX_PARAMS_PER_STATEMENT, placeholders, run, type SqlWork } from "./bulk.ts";
import type { SqlValue } from "./sql.ts";
import type { DbProvider } from "./url.ts";

/**
 * Bulk statements written once per database. SQLite runs synchronously in-process, so many small
 * statements cost little; PostgreSQL pays a round trip and a parse per statement, so it gets one
 * statement per operation with each column passed as an array (unnest).
 */
export type ColumnType = "text" | "double precision" | "integer" | "boolean" | "timestamp(3)";

export interface Column {
  name: string;
  type: ColumnType;
}

const LOOKUP_CHUNK = 500;
const SQLITE_ROWS_PER_INSERT = 50;

/** A PostgreSQL array literal: '{"a","b",NULL}', for a `?::type[]` parameter. */
export function postgresArray(values: SqlValue[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return "NULL";
    if (typeof value === "boolean") return value ? "t" : "f";
    if (typeof value === "number") return String(value);
    const text = value instanceof Date ? value.toISOString().replace("T", " ").replace("Z", "") : value;
    return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
  });
  return `{${items.join(",")}}`;
}

function unnest(columns: readonly Column[]): string {
  return `unnest(${columns.map((column) => `?::${column.type}[]`).join(", ")})`;
}

/** Rows whose `column` is one of `values`; `select` is the statement up to its WHERE. */
export function* selectWhereIn<Row>(
  provider: DbProvider,
  select: string,
  column: string,
  values: string[],
): SqlWork<Row[]> {
  if (values.length === 0) return [];
  if (provider === "postgresql") {
    return yield* all<Row>(`${select} WHERE "${column}" = ANY(?::text[])`, [postgresArray(values)]);
  }
  const rows: Row[] = [];
  for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
    const part = values.slice(start, start + LOOKUP_CHUNK);
    rows.push(...(yield* all<Row>(`${select} WHERE "${column}" IN (${inList(part.length)})`, part)));
  }
  return rows;
}

export function* deleteWhereIn(
  provider: DbProvider,
  table: string,
  column: string,
  values: string[],
): SqlWork<void> {
  if (values.length === 0) return;
  if (provider === "postgresql") {
    yield* run(`DELETE FROM "${table}" WHERE "${column}" = ANY(?::text[])`, [postgresArray(values)]);
    return;
  }
  for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
    const part = values.slice(start, start + LOOKUP_CHUNK);
    yield* run(`DELETE FROM "${table}" WHERE "${column}" IN (${inList(part.length)})`, part);
  }
}

/**
 * Inserts `count` rows; `fill(index, out)` pushes row `index`'s values, in `columns` order, onto
 * `out`. `suffix` follows the statement (e.g. an ON CONFLICT clause).
 */
export function* insertRows(
  provider: DbProvider,
  table: string,
  columns: readonly Column[],
  count: number,
  fill: (index: number, out: SqlValue[]) => void,
  suffix = "",
): SqlWork<void> {
  if (count === 0) return;
  const head = `INSERT INTO "${table}" (${columns.map((column) => `"${column.name}"`).join(", ")})`;
  if (provider === "postgresql" && !suffix) {
    // Plain inserts stream through COPY: no statement text, no multi-megabyte parameters.
    const rows: SqlValue[][] = new Array(count);
    for (let index = 0; index < count; index++) {
      const row: SqlValue[] = [];
      fill(index, row);
      rows[index] = row;
    }
    yield* copy(
      table,
      columns.map((column) => column.name),
      rows,
    );
    return;
  }
  if (provider === "postgresql") {
    const perColumn: SqlValue[][] = columns.map(() => []);
    const row: SqlValue[] = [];
    for (let index = 0; index < count; index++) {
      row.length = 0;
      fill(index, row);
      for (let position = 0; position < columns.length; position++) perColumn[position].push(row[position]);
    }
    yield* run(`${head} SELECT * FROM ${unnest(columns)}${suffix}`, perColumn.map(postgresArray));
    return;
  }
  // Small multi-row statements: one prepared statement serves every full chunk.
  const rowsPerStatement = Math.min(
    SQLITE_ROWS_PER_INSERT,
    Math.floor(MAX_PARAMS_PER_STATEMENT / columns.length),
  );
  for (let start = 0; start < count; start += rowsPerStatement) {
    const end = Math.min(count, start + rowsPerStatement);
    const params: SqlValue[] = [];
    for (let index = start; index < end; index++) fill(index, params);
    yield* run(`${head} VALUES ${placeholders(end - start, columns.length)}${suffix}`, params);
  }
}

/**
 * Inserts the rows `rows` yields (each in `columns` order), reading them while it writes:
 * PostgreSQL streams them through COPY, so a generator's rows are made while the database takes
 * the ones before; SQLite sends them in small multi-row statements. Answers the row count.
 */
export function* insertRowStream(
  provider: DbProvider,
  table: string,
  columns: readonly Column[],
  rows: Iterable<SqlValue[]>,
): SqlWork<number> {
  if (provider === "postgresql") {
    return yield* copy(
      table,
      columns.map((column) => column.name),
      rows,
    );
  }
  const head = `INSERT INTO "${table}" (${columns.map((column) => `"${column.name}"`).join(", ")})`;
  const rowsPerStatement = Math.min(
    SQLITE_ROWS_PER_INSERT,
    Math.floor(MAX_PARAMS_PER_STATEMENT / columns.length),
  );
  let params: SqlValue[] = [];
  let pending = 0;
  let count = 0;
  for (const row of rows) {
    for (const value of row) params.push(value);
    count++;
    if (++pending === rowsPerStatement) {
      yield* run(`${head} VALUES ${placeholders(pending, columns.length)}`, params);
      params = [];
      pending = 0;
    }
  }
  if (pending > 0) yield* run(`${head} VALUES ${placeholders(pending, columns.length)}`, params);
  return count;
}

export interface RowChange {
  key: string;
  /** One value per column; undefined leaves the column as it is. */
  values: (SqlValue | undefined)[];
}

/** A change to a row read earlier at `version` (see updateRowsAtVersion). */
export interface VersionedRowChange extends RowChange {
  version: number;
}

/** Updates rows found by `key` (the table's "id"), each only in the columns it gives a value. */
export function* updateRows(
  provider: DbProvider,
  table: string,
  columns: readonly Column[],
  changes: RowChange[],
): SqlWork<void> {
  yield* writeRowChanges(provider, table, columns, changes, null);
}

/**
 * updateRows for rows read earlier (optimistic concurrency): a row is written only while its
 * `versionColumn` still holds the version it was read at, and that column moves by one; a row
 * someone else wrote since is left as it is. Inside the caller's transaction the check and the
 * write are one statement, so a concurrent writer either committed before it (the row is left) or
 * waits for this transaction. Answers the keys of the rows written.
 */
export function* updateRowsAtVersion(
  provider: DbProvider,
  table: string,
  columns: readonly Column[],
  changes: VersionedRowChange[],
  versionColumn = "version",
): SqlWork<Set<string>> {
  return yield* writeRowChanges(provider, table, columns, changes, versionColumn);
}

function* writeRowChanges(
  provider: DbProvider,
  table: string,
  columns: readonly Column[],
  changes: (RowChange & { version?: number })[],
  versionColumn: string | null,
): SqlWork<Set<string>> {
  const written = new Set<string>();
  if (changes.length === 0) return written;
  const version = versionColumn === null ? null : `"${versionColumn}"`;
  if (provider === "postgresql") {
    const names = columns.map((column) => `"${column.name}"`);
    const set = names.map((name) => `${name} = COALESCE(v.${name}, t.${name})`);
    const from: Column[] = [{ name: "id", type: "text" }, ...columns];
    const arrays = [
      postgresArray(changes.map((change) => change.key)),
      ...columns.map((_, position) =>
        postgresArray(changes.map((change) => change.values[position] ?? null)),
      ),
    ];
    let where = `t."id" = v."id"`;
    if (version) {
      set.push(`${version} = t.${version} + 1`);
      from.push({ name: "readVersion", type: "integer" });
      arrays.push(postgresArray(changes.map((change) => change.version ?? null)));
      where += ` AND t.${version} = v."readVersion"`;
    }
    const statement = `UPDATE "${table}" AS t SET ${set.join(", ")} FROM ${unnest(from)} AS v(${from.map((column) => `"${column.name}"`).join(", ")}) WHERE ${where}`;
    if (!version) {
      yield* run(statement, arrays);
      return written;
    }
    for (const row of yield* all<{ id: string }>(`${statement} RETURNING t."id"`, arrays))
      written.add(row.id);
    return written;
  }
  for (const change of changes) {
    const set: string[] = [];
    const params: SqlValue[] = [];
    change.values.forEach((value, position) => {
      if (value === undefined) return;
      set.push(`"${columns[position].name}" = ?`);
      params.push(value);
    });
    if (version) set.push(`${version} = ${version} + 1`);
    if (set.length === 0) continue;
    const changed = version
      ? yield* run(`UPDATE "${table}" SET ${set.join(", ")} WHERE "id" = ? AND ${version} = ?`, [
          ...params,
          change.key,
          change.version ?? null,
        ])
      : yield* run(`UPDATE "${table}" SET ${set.join(", ")} WHERE "id" = ?`, [...params, change.key]);
    if (changed > 0) written.add(change.key);
  }
  return written;
}
