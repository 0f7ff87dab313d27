/** A value bound to a statement parameter, on either database. */
export type SqlValue = string | number | boolean | Date | null;

import type { Db, DbProvider } from "./client.ts";
import { containsPattern, searchText } from "./contains-text.ts";

/** A piece of SQL with `?` placeholders and its values. */
export interface SqlFragment {
  sql: string;
  params: SqlValue[];
  /**
   * Compiled by the query builder for this database (server/db/kysely.ts): its placeholders are
   * already the database's own (PostgreSQL's `$1`), and SQLite's rows get Dates and booleans.
   */
  compiled?: boolean;
}

export const sql = (text: string, ...params: SqlValue[]): SqlFragment => ({ sql: text, params });

export function joinFragments(fragments: SqlFragment[], separator: string): SqlFragment {
  return {
    sql: fragments.map((fragment) => fragment.sql).join(separator),
    params: fragments.flatMap((fragment) => fragment.params),
  };
}

/** Lower-cases ASCII letters only, as SQLite's lower() does. */
export function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** FTS5 trigram tables match terms of at least this many characters; shorter ones scan. */
export const TRIGRAM = 3;

/**
 * "`table` has a row under this rowid whose text contains `search`", through an FTS5 trigram
 * table kept by triggers (SQLite; `search` of TRIGRAM characters or more): the text is matched
 * literally as one phrase, whatever FTS5 query syntax it contains.
 */
export function trigramMatch(rowid: string, table: string, search: string): SqlFragment {
  const phrase = `"${asciiLower(searchText(search)).replace(/"/g, '""')}"`;
  return sql(`${rowid} IN (SELECT "rowid" FROM "${table}" WHERE "${table}" MATCH ?)`, phrase);
}

/**
 * Case-insensitive "contains" (ASCII case, like SQLite's own LIKE). On SQLite it is
 * instr(lower(column), ?), which reads lower(column) from an index on that expression when there
 * is one (see the load_list_indexes migration); on PostgreSQL ILIKE with the wildcards escaped.
 * The text goes through contains-text.ts (searchText, containsPattern): at most 200 clean characters.
 */
export function containsInsensitive(provider: DbProvider, column: string, value: string): SqlFragment {
  return provider === "postgresql"
    ? sql(`${column} ILIKE ? ESCAPE '\\'`, containsPattern(value))
    : sql(`instr(lower(${column}), ?) > 0`, asciiLower(searchText(value)));
}

/** The text's longest run of letters and digits ("" when it has none). */
function longestWord(text: string): string {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).reduce(
    (best, word) => (word.length > best.length ? word : best),
    "",
  );
}

/**
 * The part of a "contains" search to ask a trigram index for: its longest word, when the text has
 * more than one. Each word boundary adds trigrams that ids sharing a prefix all have
 * ("bench-0000777": "ben", "ch-", "-00"... or pg_trgm's padded "  b", "ch ", " 00"), and the index
 * then reads lists as long as the table for a single match: 77 ms on PostgreSQL and 25 ms on
 * SQLite at a million loads, 1 ms for "0000777". The whole text is then checked on the rows found.
 */
function indexedPart(search: string): string | null {
  const word = longestWord(search);
  return word !== search && [...word].length >= TRIGRAM ? word : null;
}

/**
 * PostgreSQL "contains, any case" through a pg_trgm GIN index on `column` (see indexedPart); the
 * whole text is checked in an expression the index cannot take.
 */
export function trigramContains(column: string, search: string): SqlFragment {
  const part = indexedPart(search);
  const whole = containsInsensitive("postgresql", column, search);
  if (!part) return whole;
  return joinFragments(
    [
      containsInsensitive("postgresql", column, part),
      containsInsensitive("postgresql", `(${column} || '')`, search),
    ],
    " AND ",
  );
}

/**
 * SQLite "contains, any case" through the FTS5 trigram table that mirrors `column` (see
 * trigramMatch and indexedPart); an ASCII text's whole is then checked with instr(lower()), which
 * folds the same letters (other texts keep the FTS5 phrase, which folds more).
 */
export function trigramTableContains(
  rowid: string,
  table: string,
  column: string,
  search: string,
): SqlFragment {
  const part = /^[\x20-\x7e]*$/.test(search) ? indexedPart(search) : null;
  if (!part) return trigramMatch(rowid, table, search);
  return joinFragments(
    [trigramMatch(rowid, table, part), containsInsensitive("sqlite", column, search)],
    " AND ",
  );
}

/** PostgreSQL numbers its placeholders. */
export function numberedPlaceholders(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

/** Runs a read through Prisma's raw API, with `?` placeholders on both databases. */
export async function queryRows<Row>(db: Db, provider: DbProvider, fragment: SqlFragment): Promise<Row[]> {
  const text = provider === "postgresql" ? numberedPlaceholders(fragment.sql) : fragment.sql;
  return db.$queryRawUnsafe<Row[]>(text, ...fragment.params);
}

/**
 * "`column` contains `search`, any case" through the best index each database has: SQLite's FTS5
 * trigram table `ftsTable` (mirroring `column` under `rowid`) for TRIGRAM characters or more, else
 * instr on lower(column); PostgreSQL's pg_trgm GIN index. Both ask the index for the search's
 * longest word only (see indexedPart).
 */
export function indexedContains(
  provider: DbProvider,
  target: { rowid: string; ftsTable: string; column: string },
  search: string,
): SqlFragment {
  if (provider === "postgresql") return trigramContains(target.column, search);
  if ([...search].length >= TRIGRAM)
    return trigramTableContains(target.rowid, target.ftsTable, target.column, search);
  return containsInsensitive(provider, target.column, search);
}

/** What the database's lower() makes of `text`: SQLite folds ASCII letters only, PostgreSQL every letter. */
export function lowerAsDatabase(provider: DbProvider, text: string): string {
  return provider === "postgresql" ? text.toLowerCase() : asciiLower(text);
}

/**
 * `reference` in a filter the planner should test row by row rather than read by index (a walk
 * along the sort order's index): SQLite's unary `+`; PostgreSQL's planner weighs both itself.
 */
export function notByIndex(provider: DbProvider, reference: string): string {
  return provider === "sqlite" ? `+${reference}` : reference;
}

/**
 * SQLite: the rows of `table` (FTS5 trigram table mirroring a column under `rowid`) whose text
 * holds `search` as a phrase (ASCII-lowered), to narrow a "contains" test to its candidates; null
 * on PostgreSQL (its trigram index serves the test itself) and for searches shorter than TRIGRAM.
 */
export function trigramCandidates(
  provider: DbProvider,
  rowid: string,
  table: string,
  search: string,
): SqlFragment | null {
  if (provider !== "sqlite" || [...search].length < TRIGRAM) return null;
  return sql(
    `${rowid} IN (SELECT "rowid" FROM ${table} WHERE ${table} MATCH ?)`,
    `"${asciiLower(search).replace(/"/g, '""')}"`,
  );
}

/**
 * What closes a subquery so that neither planner flattens it into the outer ORDER BY (and reads
 * the matches along the sort order's index): an OFFSET 0 (SQLite needs a LIMIT with it).
 */
export function subqueryFence(provider: DbProvider): string {
  return provider === "sqlite" ? "LIMIT -1 OFFSET 0" : "OFFSET 0";
}

/**
 * How many rows `target.table` holds (no condition), as one value named "count". PostgreSQL
 * counts by visiting every row (MVCC: no index alone knows which rows a snapshot sees), so there
 * the table's tally answers: `target.tally` (a PostgreSQL migration makes it), rows whose deltas
 * the table's triggers add in each writing transaction, so the sum is exact in every snapshot.
 * SQLite counts its smallest index, cheap there.
 */
export function rowCountSql(provider: DbProvider, target: { table: string; tally: string }): SqlFragment {
  return provider === "postgresql"
    ? sql(`SELECT CAST(COALESCE(SUM("delta"), 0) AS BIGINT) AS "count" FROM "${target.tally}"`)
    : sql(`SELECT COUNT(*) AS "count" FROM "${target.table}"`);
}
