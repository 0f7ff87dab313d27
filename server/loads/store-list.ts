import type { DbProvider } from "../db/client.ts";
import type { SqlReader } from "../db/reader.ts";
import {
  indexedContains,
  joinFragments,
  lowerAsDatabase,
  rowCountSql,
  type SqlFragment,
  sql,
} from "../db/sql.ts";
import type { LoadListFilters, LoadSort, LoadSortField } from "./list.ts";
import type { PageSelection, PrefilledRelation } from "./list-rows.ts";

/** The load list's statements (page, count, search), written as SQL text tuned on both databases. */

const SORT_COLUMNS: Record<LoadSortField, { column: string; nullable: boolean }> = {
  loadId: { column: `l."loadId"`, nullable: false },
  route: { column: `l."routeNumber"`, nullable: true },
  customer: { column: `l."customer"`, nullable: true },
  carrier: { column: `l."carrierName"`, nullable: true },
  status: { column: `l."status"`, nullable: false },
  pickupDate: { column: `l."pickupDate"`, nullable: true },
  deliveryDate: { column: `l."deliveryDate"`, nullable: true },
  createdAt: { column: `l."createdAt"`, nullable: false },
};

function inFilter(column: string, values: readonly string[]): SqlFragment {
  return sql(`${column} IN (${values.map(() => "?").join(", ")})`, ...values);
}

/**
 * "Load id contains", any case. SQLite: the FTS5 trigram table LoadSearch (kept by triggers) for
 * 3 characters or more, else the index on lower(loadId). PostgreSQL: ILIKE, which the trigram GIN
 * index serves. Both ask the index for the search's longest word only (see db/sql.ts).
 */
function searchSql(provider: DbProvider, search: string): SqlFragment {
  return indexedContains(
    provider,
    { rowid: `l."rowid"`, ftsTable: "LoadSearch", column: `l."loadId"` },
    search,
  );
}

function filterConditions(provider: DbProvider, filters: LoadListFilters): SqlFragment[] {
  const conditions: SqlFragment[] = [];
  const search = filters.search?.trim();
  if (search) conditions.push(searchSql(provider, search));
  if (filters.status?.length) conditions.push(inFilter(`l."status"`, filters.status));
  if (filters.stage?.length) conditions.push(inFilter(`l."stage"`, filters.stage));
  if (filters.mode?.length) conditions.push(inFilter(`l."mode"`, filters.mode));
  const customer = filters.customer?.trim();
  if (customer) {
    conditions.push(sql(`LOWER(l."customer") = ?`, lowerAsDatabase(provider, customer)));
  }
  if (filters.pickupFrom) conditions.push(sql(`l."pickupDate" >= ?`, filters.pickupFrom));
  if (filters.pickupTo) conditions.push(sql(`l."pickupDate" <= ?`, filters.pickupTo));
  if (filters.deliveryFrom) conditions.push(sql(`l."deliveryDate" >= ?`, filters.deliveryFrom));
  if (filters.deliveryTo) conditions.push(sql(`l."deliveryDate" <= ?`, filters.deliveryTo));
  return conditions;
}

function where(conditions: SqlFragment[]): SqlFragment {
  if (conditions.length === 0) return sql("");
  const joined = joinFragments(conditions, " AND ");
  return { sql: ` WHERE ${joined.sql}`, params: joined.params };
}

/** The WHERE clause over `"Load" l` (empty when nothing filters). */
export function loadFilterSql(provider: DbProvider, filters: LoadListFilters): SqlFragment {
  return where(filterConditions(provider, filters));
}

/**
 * One stretch of the list's order that an index on (column, id) reads without sorting. A nullable
 * column's order is two stretches, the values then the empty ones: "NULLS LAST" in both
 * directions is not an index order on either database, each stretch on its own is.
 */
interface Segment {
  condition: string | null;
  orderBy: string;
}

function segments(sort: LoadSort, reversed: boolean): Segment[] {
  const { column, nullable } = SORT_COLUMNS[sort.field];
  const ascending = (sort.direction === "asc") !== reversed;
  const direction = ascending ? "ASC" : "DESC";
  const tieBreak = sort.field === "loadId" ? "" : `, l."id" ${direction}`;
  if (!nullable) return [{ condition: null, orderBy: `${column} ${direction}${tieBreak}` }];
  const list: Segment[] = [
    { condition: `${column} IS NOT NULL`, orderBy: `${column} ${direction}${tieBreak}` },
    { condition: `${column} IS NULL`, orderBy: `l."id" ${direction}` },
  ];
  return reversed ? list.reverse() : list;
}

/** Where each prefilled relation field comes from, for the page's rows `p`. */
const JOINED: Record<PrefilledRelation, string> = {
  route: `(SELECT r."routeNumber" FROM "Route" r WHERE r."id" = p."routeId")`,
  tracked: `(SELECT r."routeNumber" FROM "Route" r WHERE r."id" = p."routeId" AND r."lastPositionAt" IS NOT NULL)`,
  carrier: `(SELECT c."carrierName" FROM "Carrier" c WHERE c."id" = p."carrierId")`,
  assignedUser: `(SELECT u."userId" FROM "User" u WHERE u."id" = p."assignedUserId")`,
};
const JOINED_AS: Record<PrefilledRelation, string> = {
  route: "joinedRouteNumber",
  tracked: "joinedTrackedRouteNumber",
  carrier: "joinedCarrierName",
  assignedUser: "joinedAssignedUserKey",
};
const JOIN_KEYS: Record<PrefilledRelation, string> = {
  route: "routeId",
  tracked: "routeId",
  carrier: "carrierId",
  assignedUser: "assignedUserId",
};

/**
 * One page of the list as one statement: the selected Load columns in order, with the selected
 * route number, carrier name and driver's userId. `reversed` reads the same order from its other
 * end (deep pages: `offset` then counts from the last row, and the caller reverses the rows). Ties
 * break on the id so pages never overlap; empty values sort last in both directions on both
 * databases. `withTotal` adds the count of all matching rows as one more value after `columns`
 * (a subquery the database runs once, next to the page's own index walk), saving the count's
 * own statement. `riders` are more single values read in the same round trip (each a statement
 * of one value, at most one row), one column each after the total.
 */
export function loadPageSql(
  provider: DbProvider,
  filters: LoadListFilters,
  sort: LoadSort,
  offset: number,
  limit: number,
  selection: PageSelection,
  reversed = false,
  withTotal = false,
  riders: readonly SqlFragment[] = [],
): SqlFragment & { columns: string[] } {
  const conditions = filterConditions(provider, filters);
  const relations = [...selection.relations].sort();
  const inner = [...new Set([...selection.columns, ...relations.map((relation) => JOIN_KEYS[relation])])];
  const innerList = inner.map((column) => `l."${column}"`).join(", ");
  const parts = segments(sort, reversed).map((segment) => {
    const filter = where(segment.condition ? [...conditions, sql(segment.condition)] : conditions);
    return {
      sql: `SELECT ${innerList} FROM "Load" l${filter.sql} ORDER BY ${segment.orderBy}`,
      params: filter.params,
    };
  });
  // The statement's columns in order: the Load's, then one per joined relation.
  const columns = [...inner, ...relations.map((relation) => JOINED_AS[relation])];
  let page: SqlFragment;
  if (parts.length === 1) {
    const window = pageWindow(limit, offset);
    page = { sql: `${parts[0].sql}${window.sql}`, params: [...parts[0].params, ...window.params] };
  } else {
    // Each stretch stops at the rows the page can need; UNION ALL keeps them in order.
    page = {
      sql: `SELECT * FROM (${parts[0].sql} LIMIT ?) a UNION ALL SELECT * FROM (${parts[1].sql} LIMIT ?) b LIMIT ? OFFSET ?`,
      params: [...parts[0].params, offset + limit, ...parts[1].params, offset + limit, limit, offset],
    };
  }
  if (relations.length === 0 && !withTotal && riders.length === 0) return { ...page, columns };
  const joined = relations.map((relation) => `${JOINED[relation]} AS "${JOINED_AS[relation]}"`);
  const total = withTotal ? loadCountSql(provider, filters) : null;
  if (total) joined.push(`(${total.sql}) AS "listTotal"`);
  for (const [index, rider] of riders.entries()) joined.push(`(${rider.sql}) AS "rider${index}"`);
  return {
    sql: `SELECT p.*, ${joined.join(", ")} FROM (${page.sql}) p`,
    params: [...(total?.params ?? []), ...riders.flatMap((rider) => rider.params), ...page.params],
    columns,
  };
}

/**
 * A page's LIMIT as written text (a page size, one of a few) and its OFFSET as a parameter, left
 * out on a first page. PostgreSQL plans a parameter LIMIT for a tenth of the table, so it planned
 * the list's statement anew on every run; with the first page's statement fully known, its plan is
 * kept after a few runs: PostgreSQL's CPU per list request 0.70 -> 0.44 ms (bench/ab-list.ts).
 */
function pageWindow(limit: number, offset: number): SqlFragment {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`page size ${limit}`);
  return offset === 0
    ? { sql: ` LIMIT ${limit}`, params: [] }
    : { sql: ` LIMIT ${limit} OFFSET ?`, params: [offset] };
}

/** How many loads match: the unfiltered total from the loads' tally (see rowCountSql). */
export function loadCountSql(provider: DbProvider, filters: LoadListFilters): SqlFragment {
  const conditions = filterConditions(provider, filters);
  if (conditions.length === 0) return rowCountSql(provider, { table: "Load", tally: "LoadTally" });
  const filter = where(conditions);
  return { sql: `SELECT COUNT(*) AS "count" FROM "Load" l${filter.sql}`, params: filter.params };
}

export interface LoadHitRow {
  loadId: string;
  customer: string | null;
  status: string;
  carrierName: string | null;
}

/** Loads whose id contains the text (the list's own search), in id order, at most `limit`. */
export function loadHitRows(reader: SqlReader, text: string, limit: number): Promise<LoadHitRow[]> {
  const filter = loadFilterSql(reader.provider, { search: text });
  return reader.all<LoadHitRow>({
    sql: `SELECT l."loadId", l."customer", l."status", l."carrierName" FROM "Load" l${filter.sql} ORDER BY l."loadId" LIMIT ?`,
    params: [...filter.params, limit],
  });
}
