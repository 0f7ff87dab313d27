import type { LoadMode, LoadStatus } from "../../common/loads/values.ts";
import type { DbProvider } from "../db/client.ts";
import { asciiLower, containsInsensitive, joinFragments, type SqlFragment, sql } from "../db/sql.ts";

export const LOAD_SORT_FIELDS = [
  "loadId",
  "route",
  "customer",
  "carrier",
  "status",
  "pickupDate",
  "deliveryDate",
  "createdAt",
] as const;
export type LoadSortField = (typeof LOAD_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export interface LoadListFilters {
  /** Text contained in the load id, any case. */
  search?: string | null;
  status?: LoadStatus[] | null;
  mode?: LoadMode[] | null;
  /** Exact customer name, any case. */
  customer?: string | null;
  pickupFrom?: Date | null;
  pickupTo?: Date | null;
  deliveryFrom?: Date | null;
  deliveryTo?: Date | null;
}

export interface LoadSort {
  field: LoadSortField;
  direction: SortDirection;
}

/** Newest first: what the list shows before anyone sorts. */
export const DEFAULT_LOAD_SORT: LoadSort = { field: "createdAt", direction: "desc" };

const SORT_COLUMNS: Record<LoadSortField, { column: string; nullable: boolean; join?: string }> = {
  loadId: { column: `l."loadId"`, nullable: false },
  route: { column: `r."routeNumber"`, nullable: true, join: `LEFT JOIN "Route" r ON r."id" = l."routeId"` },
  customer: { column: `l."customer"`, nullable: true },
  carrier: {
    column: `c."carrierName"`,
    nullable: true,
    join: `LEFT JOIN "Carrier" c ON c."id" = l."carrierId"`,
  },
  status: { column: `l."status"`, nullable: false },
  pickupDate: { column: `l."pickupDate"`, nullable: true },
  deliveryDate: { column: `l."deliveryDate"`, nullable: true },
  createdAt: { column: `l."createdAt"`, nullable: false },
};

function inFilter(column: string, values: readonly string[]): SqlFragment {
  return sql(`${column} IN (${values.map(() => "?").join(", ")})`, ...values);
}

/** The WHERE clause over `"Load" l` (empty when nothing filters). */
export function loadFilterSql(provider: DbProvider, filters: LoadListFilters): SqlFragment {
  const conditions: SqlFragment[] = [];
  const search = filters.search?.trim();
  if (search) conditions.push(containsInsensitive(provider, `l."loadId"`, search));
  if (filters.status?.length) conditions.push(inFilter(`l."status"`, filters.status));
  if (filters.mode?.length) conditions.push(inFilter(`l."mode"`, filters.mode));
  const customer = filters.customer?.trim();
  if (customer) {
    // SQLite's lower() folds ASCII only; PostgreSQL's folds every letter.
    const folded = provider === "postgresql" ? customer.toLowerCase() : asciiLower(customer);
    conditions.push(sql(`LOWER(l."customer") = ?`, folded));
  }
  if (filters.pickupFrom) conditions.push(sql(`l."pickupDate" >= ?`, filters.pickupFrom));
  if (filters.pickupTo) conditions.push(sql(`l."pickupDate" <= ?`, filters.pickupTo));
  if (filters.deliveryFrom) conditions.push(sql(`l."deliveryDate" >= ?`, filters.deliveryFrom));
  if (filters.deliveryTo) conditions.push(sql(`l."deliveryDate" <= ?`, filters.deliveryTo));
  if (conditions.length === 0) return sql("");
  const joined = joinFragments(conditions, " AND ");
  return { sql: ` WHERE ${joined.sql}`, params: joined.params };
}

/**
 * The ids of one page, in order. Ties break on the id so pages never overlap; empty values sort
 * last in both directions on both databases.
 */
export function loadPageSql(
  provider: DbProvider,
  filters: LoadListFilters,
  sort: LoadSort,
  offset: number,
  limit: number,
): SqlFragment {
  const where = loadFilterSql(provider, filters);
  const { column, nullable, join } = SORT_COLUMNS[sort.field];
  const direction = sort.direction === "asc" ? "ASC" : "DESC";
  const order = [`${column} ${direction}${nullable ? " NULLS LAST" : ""}`];
  if (sort.field !== "loadId") order.push(`l."id" ${direction}`);
  return {
    sql: `SELECT l."id" AS "id" FROM "Load" l${join ? ` ${join}` : ""}${where.sql} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`,
    params: [...where.params, limit, offset],
  };
}

export function loadCountSql(provider: DbProvider, filters: LoadListFilters): SqlFragment {
  const where = loadFilterSql(provider, filters);
  return { sql: `SELECT COUNT(*) AS "count" FROM "Load" l${where.sql}`, params: where.params };
}
