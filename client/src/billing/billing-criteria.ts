import {
  BILLING_STATUSES,
  type BillingStatus,
  type Ledger,
  parseCalendarDay,
} from "../../../common/billing.ts";

export const BILLING_PAGE_SIZE = 50;

export const SORT_FIELDS = ["NUMBER", "PARTY", "DATE", "AMOUNT", "STATUS", "CREATED_AT"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "ASC" | "DESC";

/** Column and menu labels of each sortable field, per ledger (the spec's column names). */
export const SORT_LABELS: Record<Ledger, Record<SortField, string>> = {
  receivable: {
    NUMBER: "Invoice Number",
    PARTY: "Customer/Payer",
    DATE: "Due Date",
    AMOUNT: "Amount Due",
    STATUS: "Status",
    CREATED_AT: "Created",
  },
  payable: {
    NUMBER: "Bill Number",
    PARTY: "Carrier",
    DATE: "Payment Date",
    AMOUNT: "Amount",
    STATUS: "Status",
    CREATED_AT: "Created",
  },
};

export interface BillingFilters {
  status: BillingStatus[];
  /** <input type="date"> values. */
  from: string;
  to: string;
  pastDue: boolean;
}

export interface BillingCriteria extends BillingFilters {
  ledger: Ledger;
  search: string;
  /** null: newest number first. */
  sort: SortField | null;
  direction: SortDirection;
  page: number;
}

export const NO_FILTERS: BillingFilters = { status: [], from: "", to: "", pastDue: false };

const isDay = (value: string | null): value is string => Boolean(value && parseCalendarDay(value));

/** The screen's state from the address bar: ledger, search, filters, sort and page survive a reload. */
export function criteriaFromParams(params: URLSearchParams): BillingCriteria {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    ledger: params.get("ledger") === "payable" ? "payable" : "receivable",
    search: params.get("q") ?? "",
    status: (params.get("status") ?? "")
      .split(",")
      .filter((value): value is BillingStatus => (BILLING_STATUSES as readonly string[]).includes(value)),
    from: isDay(params.get("from")) ? params.get("from")! : "",
    to: isDay(params.get("to")) ? params.get("to")! : "",
    pastDue: params.get("pastDue") === "1",
    sort: SORT_FIELDS.includes(sort as SortField) ? (sort as SortField) : null,
    direction: params.get("dir") === "desc" ? "DESC" : "ASC",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function paramsOf(criteria: BillingCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.ledger === "payable") params.set("ledger", "payable");
  if (criteria.search.trim()) params.set("q", criteria.search.trim());
  if (criteria.status.length) params.set("status", criteria.status.join(","));
  if (criteria.from) params.set("from", criteria.from);
  if (criteria.to) params.set("to", criteria.to);
  if (criteria.pastDue) params.set("pastDue", "1");
  if (criteria.sort) {
    params.set("sort", criteria.sort);
    params.set("dir", criteria.direction === "DESC" ? "desc" : "asc");
  }
  if (criteria.page > 1) params.set("page", String(criteria.page));
  return params;
}

export interface BillingVariables {
  search: string | null;
  filter: { status?: BillingStatus[]; dateFrom?: string; dateTo?: string; pastDue?: boolean } | null;
  orderBy: { field: SortField; direction: SortDirection } | null;
  page: number;
  pageSize: number;
}

/** The `invoices` / `bills` arguments (dates as whole UTC days). */
export function variablesOf(criteria: BillingCriteria): BillingVariables {
  const filter: NonNullable<BillingVariables["filter"]> = {};
  if (criteria.status.length) filter.status = criteria.status;
  if (criteria.from) filter.dateFrom = `${criteria.from}T00:00:00.000Z`;
  if (criteria.to) filter.dateTo = `${criteria.to}T23:59:59.999Z`;
  if (criteria.pastDue) filter.pastDue = true;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort ? { field: criteria.sort, direction: criteria.direction } : null,
    page: criteria.page,
    pageSize: BILLING_PAGE_SIZE,
  };
}

const REST_SORT: Record<SortField, string> = {
  NUMBER: "number",
  PARTY: "party",
  DATE: "date",
  AMOUNT: "amount",
  STATUS: "status",
  CREATED_AT: "createdAt",
};

/** The CSV export of what the list shows (every page), as the REST path reads it. */
export function exportPath(criteria: BillingCriteria): string {
  const params = new URLSearchParams();
  if (criteria.search.trim()) params.set("search", criteria.search.trim());
  if (criteria.status.length) params.set("status", criteria.status.join(","));
  if (criteria.from) params.set("from", criteria.from);
  if (criteria.to) params.set("to", criteria.to);
  if (criteria.pastDue) params.set("pastDue", "true");
  if (criteria.sort) {
    params.set("sort", REST_SORT[criteria.sort]);
    params.set("dir", criteria.direction === "DESC" ? "desc" : "asc");
  }
  const base = criteria.ledger === "receivable" ? "accounts-receivable" : "accounts-payable";
  const query = params.toString();
  return `/api/billing/${base}/export.csv${query ? `?${query}` : ""}`;
}

export function activeFilterCount(filters: BillingFilters): number {
  return (filters.status.length ? 1 : 0) + (filters.from || filters.to ? 1 : 0) + (filters.pastDue ? 1 : 0);
}

export function entryPath(ledger: Ledger, number: string): string {
  const base = ledger === "receivable" ? "accounts-receivable" : "accounts-payable";
  return `/admin/ila/billing/${base}/${encodeURIComponent(number)}`;
}

export function listPath(ledger: Ledger): string {
  return ledger === "payable" ? "/admin/ila/billing?ledger=payable" : "/admin/ila/billing";
}
