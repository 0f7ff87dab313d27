import { BILLING_STATUSES, type BillingStatus, SETTLED_STATUSES } from "../../common/billing.ts";

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

const OPEN_STATUSES = BILLING_STATUSES.filter((status) => !SETTLED_STATUSES.includes(status));

/**
 * How a statement reads the ledger. "walk": along the sort order's index, testing each entry
 * (fast when many entries match). "matches": through the filters' and the search's indexes, then
 * sorted (fast when few match). On SQLite a walk writes its filter columns as `+e."x"`, which
 * keeps the planner from reading them by index instead of walking; PostgreSQL's planner weighs
 * both with its statistics.
 */
export type BillingRead = "walk" | "matches";

/**
 * The statuses the filters allow, or null for any. Past due implies an open status: saying so
 * lets the (status, date) indexes read only those rows (a filter of settled statuses alone keeps
 * matching nothing).
 */
export function filteredStatuses(filters: BillingListFilters): readonly string[] | null {
  const statuses = filters.status?.length ? filters.status : null;
  if (filters.pastDue !== true) return statuses;
  const open = (statuses ?? OPEN_STATUSES).filter((value) => OPEN_STATUSES.includes(value as BillingStatus));
  return open.length > 0 ? open : statuses;
}

/**
 * The stretch of the ledger a walk goes along: one status's when the filters allow one (its
 * indexes lead with the status), else the whole ledger.
 */
export function walkedFilters(filters: BillingListFilters): BillingListFilters {
  const statuses = filteredStatuses(filters);
  return statuses?.length === 1 ? { status: [statuses[0] as BillingStatus] } : {};
}

export function hasBillingFilters(filters: BillingListFilters): boolean {
  return Boolean(
    filters.search?.trim() ||
      filters.status?.length ||
      filters.dateFrom ||
      filters.dateTo ||
      (filters.pastDue !== null && filters.pastDue !== undefined),
  );
}

/** Which stretch of the ordered matches a page reads, and how. */
export interface BillingPageRead {
  read: BillingRead;
  /** Read the order from its other end: `offset` then counts from the last match. */
  reversed: boolean;
  offset: number;
  limit: number;
}

/**
 * How to read a page of `limit` entries from `offset` among `matches` of the `size` entries a
 * walk goes along (walkedFilters). A walk reads about (offset + limit) × size / matches entries,
 * the matches read `matches`: the cheaper is taken, so neither a rare filter nor a common one
 * scans the ledger. Past the middle the order is read from its other end.
 */
export function billingPageRead(
  matches: number,
  size: number,
  offset: number,
  limit: number,
): BillingPageRead & { moreAfter: boolean } {
  const reversed = offset > matches / 2 && offset < matches;
  const end = Math.min(matches, offset + limit);
  // Forward reads one row more than the page: it only says a next page exists.
  const from = reversed ? matches - end : offset;
  const count = reversed ? end - offset : limit + 1;
  const walked = ((from + count) * size) / Math.max(1, matches);
  return {
    read: walked <= matches ? "walk" : "matches",
    reversed,
    offset: from,
    limit: count,
    moreAfter: end < matches,
  };
}
