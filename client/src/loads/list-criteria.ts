import { LOAD_STAGES, type LoadStage } from "../../../common/loads/stages.ts";
import { LOAD_MODES, LOAD_STATUSES, type LoadMode, type LoadStatus } from "../../../common/loads/values.ts";
import { dayBounds } from "../lib/dates.ts";
import { type ListCriteria, type ListSpec, readCriteria, type SortDirection } from "../ui/list/list-url.ts";

export const LOADS_PAGE_SIZE = 50;

/** The sortable columns, as the GraphQL LoadSortField enum names them, with their column names. */
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
export type { SortDirection };

export const STATUS_LABELS: Record<LoadStatus, string> = {
  pending: "Pending",
  in_transit: "In transit",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export interface LoadFilters {
  status: LoadStatus[];
  stage: LoadStage[];
  mode: LoadMode[];
  customer: string;
  /** Dates as <input type="date"> values ("2026-11-21"), whole UTC days. */
  pickupFrom: string;
  pickupTo: string;
  deliveryFrom: string;
  deliveryTo: string;
}

/** The list's criteria; `sort` null is the server's order, newest upload first. */
export type LoadListCriteria = ListCriteria<LoadFilters, SortField>;

export const NO_FILTERS: LoadFilters = {
  status: [],
  stage: [],
  mode: [],
  customer: "",
  pickupFrom: "",
  pickupTo: "",
  deliveryFrom: "",
  deliveryTo: "",
};

const DATE_KEYS = ["pickupFrom", "pickupTo", "deliveryFrom", "deliveryTo"] as const;

function listOf<T extends string>(text: string | null, allowed: readonly T[]): T[] {
  if (!text) return [];
  return text.split(",").filter((value): value is T => (allowed as readonly string[]).includes(value));
}

/** The load list in the address: q, status, stage, mode, customer, the four dates, sort/dir, page, size. */
export const LOAD_LIST: ListSpec<LoadFilters, SortField> = {
  sortFields: SORT_FIELDS.map(([field]) => field),
  defaultSort: null,
  pageSize: LOADS_PAGE_SIZE,
  pageSizes: [25, 50, 100],
  emptyFilter: NO_FILTERS,
  filterKeys: ["status", "stage", "mode", "customer", ...DATE_KEYS],
  readFilter(params) {
    const filters: LoadFilters = {
      ...NO_FILTERS,
      status: listOf(params.get("status"), LOAD_STATUSES),
      stage: listOf(params.get("stage"), LOAD_STAGES),
      mode: listOf(params.get("mode"), LOAD_MODES),
      customer: params.get("customer") ?? "",
    };
    for (const key of DATE_KEYS) {
      const day = params.get(key) ?? "";
      filters[key] = dayBounds(day) ? day : "";
    }
    return filters;
  },
  writeFilter(filters, params) {
    if (filters.status.length) params.set("status", filters.status.join(","));
    if (filters.stage.length) params.set("stage", filters.stage.join(","));
    if (filters.mode.length) params.set("mode", filters.mode.join(","));
    if (filters.customer.trim()) params.set("customer", filters.customer.trim());
    for (const key of DATE_KEYS) if (filters[key]) params.set(key, filters[key]);
  },
};

export const DEFAULT_CRITERIA: LoadListCriteria = readCriteria(LOAD_LIST, new URLSearchParams());

export interface LoadListVariables {
  search: string | null;
  filter: {
    status?: LoadStatus[];
    stage?: LoadStage[];
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
  const { filter: filters } = criteria;
  const filter: NonNullable<LoadListVariables["filter"]> = {};
  if (filters.status.length) filter.status = filters.status;
  if (filters.stage.length) filter.stage = filters.stage;
  if (filters.mode.length) filter.mode = filters.mode;
  if (filters.customer.trim()) filter.customer = filters.customer.trim();
  const pickupFrom = dayBounds(filters.pickupFrom);
  const pickupTo = dayBounds(filters.pickupTo);
  const deliveryFrom = dayBounds(filters.deliveryFrom);
  const deliveryTo = dayBounds(filters.deliveryTo);
  if (pickupFrom) filter.pickupFrom = pickupFrom.start;
  if (pickupTo) filter.pickupTo = pickupTo.end;
  if (deliveryFrom) filter.deliveryFrom = deliveryFrom.start;
  if (deliveryTo) filter.deliveryTo = deliveryTo.end;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort ? { field: criteria.sort.field, direction: criteria.sort.direction } : null,
    page: criteria.page,
    pageSize: criteria.pageSize,
  };
}

/** How many filters are on (the badge on the Filter button). */
export function activeFilterCount(filters: LoadFilters): number {
  return (
    (filters.status.length ? 1 : 0) +
    (filters.stage.length ? 1 : 0) +
    (filters.mode.length ? 1 : 0) +
    (filters.customer.trim() ? 1 : 0) +
    (filters.pickupFrom || filters.pickupTo ? 1 : 0) +
    (filters.deliveryFrom || filters.deliveryTo ? 1 : 0)
  );
}
