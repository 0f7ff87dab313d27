import { type BillingStatus, SETTLED_STATUSES } from "../../common/billing.ts";
import type { DbProvider } from "../db/client.ts";
import { containsInsensitive, joinFragments, type SqlFragment, sql } from "../db/sql.ts";
import type { LedgerTable } from "./ledgers.ts";

export const BILLING_SORT_FIELDS = ["number", "party", "date", "amount", "status", "createdAt"] as const;
export type BillingSortField = (typeof BILLING_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export interface BillingListFilters {
  /** Text contained in the number or the customer/payer (invoices) or carrier (bills), any case. */
  search?: string | null;
  status?: BillingStatus[] | null;
  /** Due date (invoices) or payment date (bills), whole days, inclusive. */
  dateFrom?: Date | null;
  dateTo?: Date | null;
  /** true: only past due; false: only not past due. */
  pastDue?: boolean | null;
}

export interface BillingSort {
  field: BillingSortField;
  direction: SortDirection;
}

/** Newest number first: what an operator expects to see after a manual entry. */
export const DEFAULT_BILLING_SORT: BillingSort = { field: "number", direction: "desc" };

/** The start of today (UTC): a date before it has passed. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const SETTLED_SQL = SETTLED_STATUSES.map((status) => `'${status}'`).join(", ");

/** Past due: the date has passed and the entry is neither paid nor canceled (the status is not changed). */
export function pastDueSql(table: LedgerTable, today: Date): SqlFragment {
  return sql(`(e."${table.day}" < ? AND e."status" NOT IN (${SETTLED_SQL}))`, today);
}

export function billingWhereSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
): SqlFragment {
  const conditions: SqlFragment[] = [];
  const search = filters.search?.trim();
  if (search) {
    const either = joinFragments(
      [
        containsInsensitive(provider, `e."${table.number}"`, search),
        containsInsensitive(provider, `e."${table.party}"`, search),
      ],
      " OR ",
    );
    conditions.push({ sql: `(${either.sql})`, params: either.params });
  }
  if (filters.status?.length) {
    conditions.push(sql(`e."status" IN (${filters.status.map(() => "?").join(", ")})`, ...filters.status));
  }
  if (filters.dateFrom) conditions.push(sql(`e."${table.day}" >= ?`, filters.dateFrom));
  if (filters.dateTo) conditions.push(sql(`e."${table.day}" <= ?`, filters.dateTo));
  if (filters.pastDue === true) conditions.push(pastDueSql(table, today));
  if (filters.pastDue === false) {
    const pastDue = pastDueSql(table, today);
    conditions.push({ sql: `NOT ${pastDue.sql}`, params: pastDue.params });
  }
  if (conditions.length === 0) return sql("");
  const joined = joinFragments(conditions, " AND ");
  return { sql: ` WHERE ${joined.sql}`, params: joined.params };
}

function sortColumn(table: LedgerTable, field: BillingSortField): string {
  switch (field) {
    case "number":
      return `e."${table.number}"`;
    case "party":
      return `e."${table.party}"`;
    case "date":
      return `e."${table.day}"`;
    case "amount":
      return `e."${table.amount}"`;
    case "status":
      return `e."status"`;
    case "createdAt":
      return `e."createdAt"`;
  }
}

/**
 * One page in order, each entry with its linked load (load id, tracking link, the load's route
 * number copy), in one statement; ties break on the number so pages never overlap.
 */
export function billingPageSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  sort: BillingSort,
  today: Date,
  offset: number,
  limit: number,
): SqlFragment {
  const where = billingWhereSql(provider, table, filters, today);
  const direction = sort.direction === "asc" ? "ASC" : "DESC";
  const order = [`${sortColumn(table, sort.field)} ${direction}`];
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
    `e."loadId"`,
    billOnly ? `e."carrierId"` : `NULL AS "carrierId"`,
    billOnly ? `e."winnerUserId"` : `NULL AS "winnerUserId"`,
    `l."loadId" AS "linkedLoadId"`,
    `l."trackingLink" AS "linkedTrackingLink"`,
    `l."routeNumber" AS "linkedRouteNumber"`,
  ];
  return {
    sql: `SELECT ${columns.join(", ")} FROM ${table.table} e LEFT JOIN "Load" l ON l."id" = e."loadId"${where.sql} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`,
    params: [...where.params, limit, offset],
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
  loadId: string | null;
  carrierId: string | null;
  winnerUserId: string | null;
  linkedLoadId: string | null;
  linkedTrackingLink: string | null;
  linkedRouteNumber: string | null;
}

/**
 * The count and the sum of the amounts (cents) of everything the filters match. Status and date
 * filters read the per-day totals the database keeps (a few rows per day, whatever the ledger's
 * size); a text search reads the entries it matches.
 */
export function billingTotalsSql(
  provider: DbProvider,
  table: LedgerTable,
  filters: BillingListFilters,
  today: Date,
): SqlFragment {
  const where = billingWhereSql(provider, table, filters, today);
  if (filters.search?.trim()) {
    return {
      sql: `SELECT COUNT(*) AS "count", COALESCE(SUM(e."${table.amount}"), 0) AS "cents" FROM ${table.table} e${where.sql}`,
      params: where.params,
    };
  }
  return {
    sql: `SELECT COALESCE(SUM(e."count"), 0) AS "count", COALESCE(SUM(e."cents"), 0) AS "cents" FROM ${table.dayTotals} e${where.sql}`,
    params: where.params,
  };
}
