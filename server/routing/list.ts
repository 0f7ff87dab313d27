import type { DbProvider } from "../db/client.ts";
import { containsInsensitive, joinFragments, type SqlFragment, sql } from "../db/sql.ts";

export const ROUTE_SORT_FIELDS = [
  "routeNumber",
  "carrier",
  "loadCount",
  "stopCount",
  "pickupDate",
  "deliveryDate",
  "createdAt",
] as const;
export type RouteSortField = (typeof ROUTE_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export interface RouteSort {
  field: RouteSortField;
  direction: SortDirection;
}

/** Newest first, as the list shows before anyone sorts. */
export const DEFAULT_ROUTE_SORT: RouteSort = { field: "createdAt", direction: "desc" };

export interface RouteListFilters {
  /** Text in the route number or the carrier's name, any case. */
  search?: string | null;
  /** Database id of the carrier. */
  carrierId?: string | null;
  /** true: routes with a driver; false: routes waiting for one. */
  driverAssigned?: boolean | null;
  /** On the derived pickup date (the first assigned load's). */
  pickupFrom?: Date | null;
  pickupTo?: Date | null;
}

/** The derived dates, as SQL over `"Route" r` (section 3: first load's pickup, last load's delivery). */
const PICKUP_DATE = `(SELECT MIN(l."pickupDate") FROM "Load" l WHERE l."routeId" = r."id")`;
const DELIVERY_DATE = `(SELECT MAX(l."deliveryDate") FROM "Load" l WHERE l."routeId" = r."id")`;

const SORT_COLUMNS: Record<RouteSortField, { column: string; nullable: boolean }> = {
  routeNumber: { column: `r."routeNumber"`, nullable: false },
  carrier: { column: `c."carrierName"`, nullable: true },
  loadCount: { column: `(SELECT COUNT(*) FROM "Load" l WHERE l."routeId" = r."id")`, nullable: false },
  stopCount: { column: `(SELECT COUNT(*) FROM "RouteStop" s WHERE s."routeId" = r."id")`, nullable: false },
  pickupDate: { column: PICKUP_DATE, nullable: true },
  deliveryDate: { column: DELIVERY_DATE, nullable: true },
  createdAt: { column: `r."createdAt"`, nullable: false },
};

const CARRIER_JOIN = ` LEFT JOIN "Carrier" c ON c."id" = r."carrierId"`;

function whereOf(provider: DbProvider, filters: RouteListFilters): SqlFragment {
  const conditions: SqlFragment[] = [];
  const search = filters.search?.trim();
  if (search) {
    const any = joinFragments(
      [
        containsInsensitive(provider, `r."routeNumber"`, search),
        containsInsensitive(provider, `c."carrierName"`, search),
      ],
      " OR ",
    );
    conditions.push({ sql: `(${any.sql})`, params: any.params });
  }
  if (filters.carrierId) conditions.push(sql(`r."carrierId" = ?`, filters.carrierId));
  if (filters.driverAssigned === true) conditions.push(sql(`r."assignedUserId" IS NOT NULL`));
  if (filters.driverAssigned === false) conditions.push(sql(`r."assignedUserId" IS NULL`));
  if (filters.pickupFrom) conditions.push(sql(`${PICKUP_DATE} >= ?`, filters.pickupFrom));
  if (filters.pickupTo) conditions.push(sql(`${PICKUP_DATE} <= ?`, filters.pickupTo));
  if (conditions.length === 0) return sql("");
  const joined = joinFragments(conditions, " AND ");
  return { sql: ` WHERE ${joined.sql}`, params: joined.params };
}

/** One page's ids (or `select`'s columns), in order; ties break on the id so pages never overlap. */
export function routePageSql(
  provider: DbProvider,
  filters: RouteListFilters,
  sort: RouteSort,
  offset: number,
  limit: number,
  select?: { columns: string; joins: string },
): SqlFragment {
  const where = whereOf(provider, filters);
  const { column, nullable } = SORT_COLUMNS[sort.field];
  const direction = sort.direction === "asc" ? "ASC" : "DESC";
  const order = [`${column} ${direction}${nullable ? " NULLS LAST" : ""}`];
  if (sort.field !== "routeNumber") order.push(`r."id" ${direction}`);
  const ids = `SELECT r."id" AS "id" FROM "Route" r${CARRIER_JOIN}${where.sql} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`;
  if (!select) return { sql: ids, params: [...where.params, limit, offset] };
  // The page's own columns are read for its rows only: a sort the index does not serve would
  // otherwise compute the counted columns for every route before keeping 50.
  return {
    sql: `SELECT ${select.columns} FROM "Route" r${CARRIER_JOIN}${select.joins} WHERE r."id" IN (${ids}) ORDER BY ${order.join(", ")}`,
    params: [...where.params, limit, offset],
  };
}

export function routeCountSql(provider: DbProvider, filters: RouteListFilters): SqlFragment {
  const where = whereOf(provider, filters);
  const join = filters.search?.trim() ? CARRIER_JOIN : "";
  return { sql: `SELECT COUNT(*) AS "count" FROM "Route" r${join}${where.sql}`, params: where.params };
}
