import { SETTLED_STATUSES } from "../../common/billing.ts";
import type { DbProvider } from "../db/client.ts";
import {
  containsInsensitive,
  joinFragments,
  notByIndex,
  type SqlFragment,
  sql,
  subqueryFence,
  trigramCandidates,
} from "../db/sql.ts";
import type { LedgerTable } from "./ledgers.ts";
import {
  type BillingListFilters,
  type BillingPageRead,
  type BillingRead,
  type BillingSort,
  type BillingSortField,
  filteredStatuses,
  walkedFilters,
} from "./list.ts";

/** The ledger list's statements (page, totals, counts), written as SQL text tuned on both databases. */

const SETTLED_SQL = SETTLED_STATUSES.map((status) => `'${status}'`).join(", ");

/** The column reference, kept from index use on SQLite when the statement walks. */
function column(provider: DbProvider, read: BillingRead, name: string): string {
  return read === "walk" ? notByIndex(provider, `e."${name}"`) : `e."${name}"`;
}

/** Past due: the date has passed and the entry is neither paid nor canceled (the status is not changed). */
export function pastDueSql(table: LedgerTable, today: Date): SqlFragment {
  return sql(`(e."${table.day}" < ? AND e."status" NOT IN (${SETTLED_SQL}))`, today);
}

/** The status, date and past-due conditions. */
function filterConditions(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
  read: BillingRead,
): SqlFragment[] {
  const status = column(provider, read, "status");
  const day = column(provider, read, table.day);
  const conditions: SqlFragment[] = [];
  if (filters.pastDue === true) {
    conditions.push(sql(`${day} < ? AND ${status} NOT IN (${SETTLED_SQL})`, today));
  }
  const statuses = filteredStatuses(filters);
  if (statuses?.length === 1) {
    // One status: a walk reads that status's stretch of the (status, sort column, number) index.
    conditions.push(sql(`e."status" = ?`, statuses[0]));
  } else if (statuses) {
    conditions.push(sql(`${status} IN (${statuses.map(() => "?").join(", ")})`, ...statuses));
  }
  if (filters.dateFrom) conditions.push(sql(`${day} >= ?`, filters.dateFrom));
  if (filters.dateTo) conditions.push(sql(`${day} <= ?`, filters.dateTo));
  if (filters.pastDue === false) {
    conditions.push(sql(`NOT (${day} < ? AND ${status} NOT IN (${SETTLED_SQL}))`, today));
  }
  return conditions;
}

/**
 * The customer/payer (carrier) contains the text: the names come from the party-name table the
 * database keeps (one row per name), the entries from the index on the name.
 */
function partyMatch(
  provider: DbProvider,
  table: LedgerTable,
  search: string,
  read: BillingRead,
): SqlFragment {
  const contains = containsInsensitive(provider, `p."${table.party}"`, search);
  return {
    sql: `${column(provider, read, table.party)} IN (SELECT p."${table.party}" FROM ${table.partyNames} p WHERE ${contains.sql})`,
    params: contains.params,
  };
}

/**
 * The number contains the text. SQLite: the FTS5 trigram table finds the candidates for 3
 * characters or more, and the same test as without it keeps exactly the rows it keeps (trigram
 * matching folds case beyond ASCII, lower() does not). PostgreSQL: ILIKE, served by the trigram
 * GIN index.
 */
function numberMatch(
  provider: DbProvider,
  table: LedgerTable,
  search: string,
  read: BillingRead,
): SqlFragment {
  const contains = containsInsensitive(provider, column(provider, read, table.number), search);
  const candidates = trigramCandidates(provider, column(provider, read, "rowid"), table.numberSearch, search);
  return candidates ? joinFragments([candidates, contains], " AND ") : contains;
}

function and(conditions: SqlFragment[]): SqlFragment {
  if (conditions.length === 0) return sql("");
  const joined = joinFragments(conditions, " AND ");
  return { sql: ` WHERE ${joined.sql}`, params: joined.params };
}

/**
 * What the filters and the search match, as WHERE clauses over `table e` whose rows never overlap:
 * one without a search; with one, the entries whose party matches, then those whose number
 * matches and whose party does not. Each branch has indexes that read only its rows.
 */
export function billingBranches(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
): SqlFragment[] {
  const conditions = filterConditions(provider, table, filters, today, "matches");
  const search = filters.search?.trim();
  if (!search) return [and(conditions)];
  const party = partyMatch(provider, table, search, "matches");
  const number = numberMatch(provider, table, search, "matches");
  return [
    and([party, ...conditions]),
    and([number, { sql: `NOT ${party.sql}`, params: party.params }, ...conditions]),
  ];
}

/** The same rows as billingBranches, as one WHERE clause for a walk along the sort order. */
export function billingWhereSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
  read: BillingRead = "walk",
): SqlFragment {
  const conditions = filterConditions(provider, table, filters, today, read);
  const search = filters.search?.trim();
  if (search) {
    const either = joinFragments(
      [numberMatch(provider, table, search, read), partyMatch(provider, table, search, read)],
      ") OR (",
    );
    conditions.unshift({ sql: `((${either.sql}))`, params: either.params });
  }
  return and(conditions);
}

function sortColumn(table: LedgerTable, field: BillingSortField): string {
  switch (field) {
    case "number":
      return table.number;
    case "party":
      return table.party;
    case "date":
      return table.day;
    case "amount":
      return table.amount;
    case "status":
      return "status";
    case "createdAt":
      return "createdAt";
  }
}

/**
 * The numbers of one page of entries in order, read as `how` says; an index on (sort column,
 * number) serves each order (ties break on the number so pages never overlap).
 */
function pageNumbersSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  sort: BillingSort,
  today: Date,
  how: BillingPageRead,
): SqlFragment {
  const ascending = (sort.direction === "asc") !== how.reversed;
  const direction = ascending ? "ASC" : "DESC";
  const sortKey = sortColumn(table, sort.field);
  const tail = [how.limit, how.offset];
  if (how.read === "walk") {
    const where = billingWhereSql(provider, table, filters, today, "walk");
    const order = [`e."${sortKey}" ${direction}`];
    if (sort.field !== "number") order.push(`e."${table.number}" ${direction}`);
    return {
      sql: `SELECT e."${table.number}" AS "number" FROM ${table.table} e${where.sql} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`,
      params: [...where.params, ...tail],
    };
  }
  const branches = billingBranches(provider, table, filters, today).map((where) => ({
    sql: `SELECT e."${table.number}" AS "number", e."${sortKey}" AS "sortKey" FROM ${table.table} e${where.sql}`,
    params: where.params,
  }));
  const union = joinFragments(branches, " UNION ALL ");
  // The fence keeps each database from reading the matches along the sort order's index.
  const fence = subqueryFence(provider);
  const order = [`m."sortKey" ${direction}`];
  if (sort.field !== "number") order.push(`m."number" ${direction}`);
  return {
    sql: `SELECT m."number" FROM (${union.sql} ${fence}) m ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`,
    params: [...union.params, ...tail],
  };
}

/**
 * One page in order, each entry with its linked load (load id, tracking link, the load's route
 * number copy), in one statement. The page's numbers are found first (an index walk or the
 * sorted matches, see pageNumbersSql), then only those rows are read and joined.
 */
export function billingPageSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  sort: BillingSort,
  today: Date,
  how: BillingPageRead,
): SqlFragment {
  const numbers = pageNumbersSql(provider, table, filters, sort, today, how);
  const direction = sort.direction === "asc" ? "ASC" : "DESC";
  const order = [`e."${sortColumn(table, sort.field)}" ${direction}`];
  if (sort.field !== "number") order.push(`e."${table.number}" ${direction}`);
  const billOnly = table.ledger === "payable";
  const columns = [
    `e."id"`,
    `e."${table.number}" AS "number"`,
    `e."${table.party}" AS "party"`,
    `e."${table.day}" AS "day"`,
    `e."${table.amount}" AS "amountCents"`,
    `e."status"`,
    `e."trackingLink"`,
    `e."sourceKey"`,
    `e."createdAt"`,
    `e."updatedAt"`,
    `e."version"`,
    `e."loadId"`,
    billOnly ? `e."carrierId"` : `NULL AS "carrierId"`,
    billOnly ? `e."winnerUserId"` : `NULL AS "winnerUserId"`,
    billOnly ? `NULL AS "podDocumentId"` : `e."podDocumentId"`,
    billOnly ? `e."quickPayAt"` : `NULL AS "quickPayAt"`,
    billOnly ? `e."quickPayFeeCents"` : `NULL AS "quickPayFeeCents"`,
    billOnly ? `e."quickPayFeeBasisPoints"` : `NULL AS "quickPayFeeBasisPoints"`,
    billOnly ? `e."tonuProposedCents"` : `NULL AS "tonuProposedCents"`,
    `l."loadId" AS "linkedLoadId"`,
    `l."trackingLink" AS "linkedTrackingLink"`,
    `l."routeNumber" AS "linkedRouteNumber"`,
  ];
  return {
    // CROSS JOIN: SQLite then reads the page's numbers first (PostgreSQL plans joins by cost).
    sql: `SELECT ${columns.join(", ")} FROM (${numbers.sql}) n CROSS JOIN ${table.table} e LEFT JOIN "Load" l ON l."id" = e."loadId" WHERE e."${table.number}" = n."number" ORDER BY ${order.join(", ")}`,
    params: numbers.params,
  };
}

/** A row of billingPageSql as the driver returns it. */
export interface BillingPageRow {
  id: string;
  number: string;
  party: string;
  day: unknown;
  amountCents: number | bigint;
  status: string;
  trackingLink: string | null;
  sourceKey: string | null;
  createdAt: unknown;
  updatedAt: unknown;
  version: number | string;
  loadId: string | null;
  carrierId: string | null;
  winnerUserId: string | null;
  podDocumentId: string | null;
  quickPayAt: unknown;
  quickPayFeeCents: number | bigint | null;
  quickPayFeeBasisPoints: number | bigint | null;
  tonuProposedCents: number | bigint | null;
  linkedLoadId: string | null;
  linkedTrackingLink: string | null;
  linkedRouteNumber: string | null;
}

/**
 * The count and the sum of the amounts (cents) of everything the filters match. Status and date
 * filters read the per-day totals the database keeps (a few rows per day, whatever the ledger's
 * size); a search adds up its branches (billingBranches), each read through its indexes.
 */
export function billingTotalsSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
): SqlFragment {
  if (filters.search?.trim()) {
    const branches = billingBranches(provider, table, filters, today).map((where) => ({
      sql: `SELECT COUNT(*) AS "count", COALESCE(SUM(e."${table.amount}"), 0) AS "cents" FROM ${table.table} e${where.sql}`,
      params: where.params,
    }));
    const union = joinFragments(branches, " UNION ALL ");
    return {
      sql: `SELECT COALESCE(SUM(t."count"), 0) AS "count", COALESCE(SUM(t."cents"), 0) AS "cents" FROM (${union.sql}) t`,
      params: union.params,
    };
  }
  const where = and(filterConditions(provider, table, filters, today, "matches"));
  return {
    sql: `SELECT COALESCE(SUM(e."count"), 0) AS "count", COALESCE(SUM(e."cents"), 0) AS "cents" FROM ${table.dayTotals} e${where.sql}`,
    params: where.params,
  };
}

/**
 * billingTotalsSql's count and sum, and beside them `size`: how many entries a walk goes along
 * (walkedFilters), from the kept per-day totals. A filtered page needs all three before it is read.
 */
export function billingCountsSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
): SqlFragment {
  const totals = billingTotalsSql(provider, table, filters, today);
  const walked = and(filterConditions(provider, table, walkedFilters(filters), today, "matches"));
  return {
    sql: `SELECT t."count", t."cents", (SELECT COALESCE(SUM(e."count"), 0) FROM ${table.dayTotals} e${walked.sql}) AS "size" FROM (${totals.sql}) t`,
    params: [...walked.params, ...totals.params],
  };
}
