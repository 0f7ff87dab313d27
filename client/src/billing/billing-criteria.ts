import {
  BILLING_STATUSES,
  type BillingStatus,
  type Ledger,
  parseCalendarDay,
} from "../../../common/billing.ts";
import type { ListCriteria, ListSpec, SortDirection } from "../ui/list/list-url.ts";

export const BILLING_PAGE_SIZE = 50;

export const SORT_FIELDS = ["NUMBER", "PARTY", "DATE", "AMOUNT", "STATUS", "CREATED_AT"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

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

/** A ledger's criteria; `sort` null is newest number first. The ledger itself is `ledgerOf(params)`. */
export type BillingCriteria = ListCriteria<BillingFilters, SortField>;

export const NO_FILTERS: BillingFilters = { status: [], from: "", to: "", pastDue: false };

const isDay = (value: string | null): value is string => Boolean(value && parseCalendarDay(value));

export function ledgerOf(params: URLSearchParams): Ledger {
  return params.get("ledger") === "payable" ? "payable" : "receivable";
}

/** A ledger in the address (beside `ledger=payable`): q, status, from, to, pastDue, sort/dir, page, size. */
export const BILLING_LIST: ListSpec<BillingFilters, SortField> = {
  sortFields: SORT_FIELDS,
  defaultSort: null,
  pageSize: BILLING_PAGE_SIZE,
  pageSizes: [25, 50, 100],
  emptyFilter: NO_FILTERS,
  filterKeys: ["status", "from", "to", "pastDue"],
  readFilter: (params) => ({
    status: (params.get("status") ?? "")
      .split(",")
      .filter((value): value is BillingStatus => (BILLING_STATUSES as readonly string[]).includes(value)),
    from: isDay(params.get("from")) ? params.get("from")! : "",
    to: isDay(params.get("to")) ? params.get("to")! : "",
    pastDue: params.get("pastDue") === "1",
  }),
  writeFilter(filters, params) {
    if (filters.status.length) params.set("status", filters.status.join(","));
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
    if (filters.pastDue) params.set("pastDue", "1");
  },
};

export interface BillingVariables {
  search: string | null;
  filter: { status?: BillingStatus[]; dateFrom?: string; dateTo?: string; pastDue?: boolean } | null;
  orderBy: { field: SortField; direction: SortDirection } | null;
  page: number;
  pageSize: number;
}

/** The `invoices` / `bills` arguments (dates as whole UTC days). */
export function variablesOf(criteria: BillingCriteria): BillingVariables {
  const { filter: filters } = criteria;
  const filter: NonNullable<BillingVariables["filter"]> = {};
  if (filters.status.length) filter.status = filters.status;
  if (filters.from) filter.dateFrom = `${filters.from}T00:00:00.000Z`;
  if (filters.to) filter.dateTo = `${filters.to}T23:59:59.999Z`;
  if (filters.pastDue) filter.pastDue = true;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort,
    page: criteria.page,
    pageSize: criteria.pageSize,
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
export function exportPath(ledger: Ledger, criteria: BillingCriteria): string {
  const { filter } = criteria;
  const params = new URLSearchParams();
  if (criteria.search.trim()) params.set("search", criteria.search.trim());
  if (filter.status.length) params.set("status", filter.status.join(","));
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.pastDue) params.set("pastDue", "true");
  if (criteria.sort) {
    params.set("sort", REST_SORT[criteria.sort.field]);
    params.set("dir", criteria.sort.direction === "DESC" ? "desc" : "asc");
  }
  const base = ledger === "receivable" ? "accounts-receivable" : "accounts-payable";
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
