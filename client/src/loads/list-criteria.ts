import { LOAD_MODES, LOAD_STATUSES, type LoadMode, type LoadStatus } from "../../../common/loads/values.ts";
import { dayBounds } from "../lib/dates.ts";

export const LOADS_PAGE_SIZE = 50;

/** The sortable columns, as the GraphQL LoadSortField enum names them. */
export const SORT_FIELDS = [
  ["LOAD_ID", "Load ID"],
  ["ROUTE", "Route"],
  ["CUSTOMER", "Customers"],
  ["CARRIER", "Carrier"],
  ["STATUS", "Status"],
  ["PICKUP_DATE", "Pickup Date"],
  ["DELIVERY_DATE", "Delivery Date"],
  ["CREATED_AT", "Uploaded"],
] as const;
export type SortField = (typeof SORT_FIELDS)[number][0];
export type SortDirection = "ASC" | "DESC";

export const STATUS_LABELS: Record<LoadStatus, string> = {
  pending: "Pending",
  in_transit: "In transit",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export interface LoadFilters {
  status: LoadStatus[];
  mode: LoadMode[];
  customer: string;
  /** Dates as <input type="date"> values ("2026-11-21"), whole UTC days. */
  pickupFrom: string;
  pickupTo: string;
  deliveryFrom: string;
  deliveryTo: string;
}

export interface LoadListCriteria extends LoadFilters {
  search: string;
  /** null: the server's order, newest upload first. */
  sort: SortField | null;
  direction: SortDirection;
  page: number;
}

export const NO_FILTERS: LoadFilters = {
  status: [],
  mode: [],
  customer: "",
  pickupFrom: "",
  pickupTo: "",
  deliveryFrom: "",
  deliveryTo: "",
};

export const DEFAULT_CRITERIA: LoadListCriteria = {
  ...NO_FILTERS,
  search: "",
  sort: null,
  direction: "ASC",
  page: 1,
};

const DATE_KEYS = ["pickupFrom", "pickupTo", "deliveryFrom", "deliveryTo"] as const;

function listOf<T extends string>(text: string | null, allowed: readonly T[]): T[] {
  if (!text) return [];
  return text.split(",").filter((value): value is T => (allowed as readonly string[]).includes(value));
}

/** The list's state from the address bar, so a reload or a link keeps search, filters, sort and page. */
export function criteriaFromParams(params: URLSearchParams): LoadListCriteria {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  const criteria: LoadListCriteria = {
    ...DEFAULT_CRITERIA,
    search: params.get("q") ?? "",
    status: listOf(params.get("status"), LOAD_STATUSES),
    mode: listOf(params.get("mode"), LOAD_MODES),
    customer: params.get("customer") ?? "",
    sort: SORT_FIELDS.some(([field]) => field === sort) ? (sort as SortField) : null,
    direction: params.get("dir") === "desc" ? "DESC" : "ASC",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  for (const key of DATE_KEYS) criteria[key] = dayBounds(params.get(key) ?? "") ? params.get(key)! : "";
  return criteria;
}

export function paramsOf(criteria: LoadListCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.search.trim()) params.set("q", criteria.search.trim());
  if (criteria.status.length) params.set("status", criteria.status.join(","));
  if (criteria.mode.length) params.set("mode", criteria.mode.join(","));
  if (criteria.customer.trim()) params.set("customer", criteria.customer.trim());
  for (const key of DATE_KEYS) if (criteria[key]) params.set(key, criteria[key]);
  if (criteria.sort) {
    params.set("sort", criteria.sort);
    params.set("dir", criteria.direction === "DESC" ? "desc" : "asc");
  }
  if (criteria.page > 1) params.set("page", String(criteria.page));
  return params;
}

export interface LoadListVariables {
  search: string | null;
  filter: {
    status?: LoadStatus[];
    mode?: LoadMode[];
    customer?: string;
    pickupFrom?: string;
    pickupTo?: string;
    deliveryFrom?: string;
    deliveryTo?: string;
  } | null;
  orderBy: { field: SortField; direction: SortDirection } | null;
  page: number;
  pageSize: number;
}

/** The `loads` arguments for these criteria (dates as whole UTC days). */
export function variablesOf(criteria: LoadListCriteria): LoadListVariables {
  const filter: NonNullable<LoadListVariables["filter"]> = {};
  if (criteria.status.length) filter.status = criteria.status;
  if (criteria.mode.length) filter.mode = criteria.mode;
  if (criteria.customer.trim()) filter.customer = criteria.customer.trim();
  const pickupFrom = dayBounds(criteria.pickupFrom);
  const pickupTo = dayBounds(criteria.pickupTo);
  const deliveryFrom = dayBounds(criteria.deliveryFrom);
  const deliveryTo = dayBounds(criteria.deliveryTo);
  if (pickupFrom) filter.pickupFrom = pickupFrom.start;
  if (pickupTo) filter.pickupTo = pickupTo.end;
  if (deliveryFrom) filter.deliveryFrom = deliveryFrom.start;
  if (deliveryTo) filter.deliveryTo = deliveryTo.end;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort ? { field: criteria.sort, direction: criteria.direction } : null,
    page: criteria.page,
    pageSize: LOADS_PAGE_SIZE,
  };
}

/** How many filters are on (the badge on the Filter button). */
export function activeFilterCount(filters: LoadFilters): number {
  return (
    (filters.status.length ? 1 : 0) +
    (filters.mode.length ? 1 : 0) +
    (filters.customer.trim() ? 1 : 0) +
    (filters.pickupFrom || filters.pickupTo ? 1 : 0) +
    (filters.deliveryFrom || filters.deliveryTo ? 1 : 0)
  );
}

export function filtersOf(criteria: LoadListCriteria): LoadFilters {
  const { status, mode, customer, pickupFrom, pickupTo, deliveryFrom, deliveryTo } = criteria;
  return { status, mode, customer, pickupFrom, pickupTo, deliveryFrom, deliveryTo };
}
