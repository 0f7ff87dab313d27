import type { DbProvider } from "../db/client.ts";
import {
  containsInsensitive,
  joinFragments,
  type SqlFragment,
  sql,
  TRIGRAM,
  trigramMatch,
} from "../db/sql.ts";

export interface NassListFilters {
  /** Text in the code, facility name, city, state or zip, any case. */
  search?: string | null;
  region?: string | null;
  division?: string | null;
  state?: string | null;
  facType?: string | null;
  originating?: boolean | null;
  destinating?: boolean | null;
}

export const NASS_SORT_FIELDS = [
  "code",
  "region",
  "division",
  "facilityName",
  "city",
  "state",
  "zip",
  "facType",
] as const;
export type NassSortField = (typeof NASS_SORT_FIELDS)[number];

export interface NassSort {
  field: NassSortField;
  direction: "asc" | "desc";
}

export const DEFAULT_NASS_SORT: NassSort = { field: "code", direction: "asc" };

const SEARCHED = [`n."code"`, `n."facilityName"`, `n."city"`, `n."state"`, `n."zip"`];

/**
 * Any searched column contains the text, any case. SQLite: the FTS5 trigram table NassSearch
 * (kept by triggers) for 3 characters or more, else a scan. PostgreSQL: ILIKEs, which the
 * trigram GIN indexes serve.
 */
function searchSql(provider: DbProvider, search: string): SqlFragment {
  if (provider === "sqlite" && [...search].length >= TRIGRAM) {
    return trigramMatch(`n."rowid"`, "NassSearch", search);
  }
  const any = joinFragments(
    SEARCHED.map((column) => containsInsensitive(provider, column, search)),
    " OR ",
  );
  return { sql: `(${any.sql})`, params: any.params };
}

function whereOf(provider: DbProvider, filters: NassListFilters): SqlFragment {
  const conditions: SqlFragment[] = [];
  const search = filters.search?.trim();
  if (search) conditions.push(searchSql(provider, search));
  for (const field of ["region", "division", "state", "facType"] as const) {
    const value = filters[field]?.trim();
    if (value) conditions.push(sql(`n."${field}" = ?`, value));
  }
  for (const field of ["originating", "destinating"] as const) {
    const value = filters[field];
    if (value === true || value === false) conditions.push(sql(`n."${field}" = ?`, value));
  }
  if (conditions.length === 0) return sql("");
  const joined = joinFragments(conditions, " AND ");
  return { sql: ` WHERE ${joined.sql}`, params: joined.params };
}

/** One page's ids (or `columns`), in order; ties on the unique code. */
export function nassPageSql(
  provider: DbProvider,
  filters: NassListFilters,
  sort: NassSort,
  offset: number,
  limit: number,
  columns: readonly string[] = ["id"],
): SqlFragment {
  const where = whereOf(provider, filters);
  const direction = sort.direction === "asc" ? "ASC" : "DESC";
  const order = [`n."${sort.field}" ${direction}${sort.field === "code" ? "" : " NULLS LAST"}`];
  if (sort.field !== "code") order.push(`n."code" ASC`);
  return {
    sql: `SELECT ${columns.map((column) => `n."${column}" AS "${column}"`).join(", ")} FROM "NassCode" n${where.sql} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`,
    params: [...where.params, limit, offset],
  };
}

export function nassCountSql(provider: DbProvider, filters: NassListFilters): SqlFragment {
  const where = whereOf(provider, filters);
  return { sql: `SELECT COUNT(*) AS "count" FROM "NassCode" n${where.sql}`, params: where.params };
}
