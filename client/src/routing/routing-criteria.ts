import { ROUTING_PAGE_SIZE } from "../../../common/routing.ts";
import { dayBounds } from "../lib/dates.ts";

/** The two views of /admin/ila/routing; the address keeps the view and its criteria. */
export type RoutingView = "routes" | "nass";

export const ROUTE_SORT_FIELDS = [
  ["ROUTE_NUMBER", "Route"],
  ["CARRIER", "Carrier"],
  ["LOAD_COUNT", "Assigned Loads"],
  ["STOP_COUNT", "Stops"],
  ["PICKUP_DATE", "Pickup Date"],
  ["DELIVERY_DATE", "Delivery Date"],
  ["CREATED_AT", "Created"],
] as const;
export type RouteSortField = (typeof ROUTE_SORT_FIELDS)[number][0];

export const NASS_SORT_FIELDS = [
  ["CODE", "Code"],
  ["REGION", "Region"],
  ["DIVISION", "Division"],
  ["FACILITY_NAME", "Facility Name"],
  ["CITY", "City"],
  ["STATE", "State"],
  ["ZIP", "Zip"],
  ["FACILITY_TYPE", "Facility Type"],
] as const;
export type NassSortField = (typeof NASS_SORT_FIELDS)[number][0];

export type SortDirection = "ASC" | "DESC";
export type YesNoAny = "" | "yes" | "no";

export interface RouteFilters {
  driver: YesNoAny;
  pickupFrom: string;
  pickupTo: string;
}

export interface NassFilters {
  region: string;
  division: string;
  state: string;
  facType: string;
  originating: YesNoAny;
  destinating: YesNoAny;
}

export interface ListState<Sort extends string, Filters> {
  search: string;
  sort: Sort | null;
  direction: SortDirection;
  page: number;
  filters: Filters;
}

export type RouteCriteria = ListState<RouteSortField, RouteFilters>;
export type NassCriteria = ListState<NassSortField, NassFilters>;

export const NO_ROUTE_FILTERS: RouteFilters = { driver: "", pickupFrom: "", pickupTo: "" };
export const NO_NASS_FILTERS: NassFilters = {
  region: "",
  division: "",
  state: "",
  facType: "",
  originating: "",
  destinating: "",
};

export function viewOf(params: URLSearchParams): RoutingView {
  return params.get("view") === "nass" ? "nass" : "routes";
}

const yesNo = (value: string | null): YesNoAny => (value === "yes" || value === "no" ? value : "");

function common<Sort extends string>(params: URLSearchParams, fields: readonly (readonly [Sort, string])[]) {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    search: params.get("q") ?? "",
    sort: fields.some(([field]) => field === sort) ? (sort as Sort) : null,
    direction: (params.get("dir") === "desc" ? "DESC" : "ASC") as SortDirection,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function routeCriteriaFrom(params: URLSearchParams): RouteCriteria {
  const date = (key: string) => (dayBounds(params.get(key) ?? "") ? params.get(key)! : "");
  return {
    ...common(params, ROUTE_SORT_FIELDS),
    filters: {
      driver: yesNo(params.get("driver")),
      pickupFrom: date("pickupFrom"),
      pickupTo: date("pickupTo"),
    },
  };
}

export function nassCriteriaFrom(params: URLSearchParams): NassCriteria {
  const text = (key: string) => (params.get(key) ?? "").slice(0, 100);
  return {
    ...common(params, NASS_SORT_FIELDS),
    filters: {
      region: text("region"),
      division: text("division"),
      state: text("state"),
      facType: text("facType"),
      originating: yesNo(params.get("originating")),
      destinating: yesNo(params.get("destinating")),
    },
  };
}

/** The address for a view and its criteria (empty values left out). */
export function paramsOf(view: RoutingView, criteria: ListState<string, object>): URLSearchParams {
  const params = new URLSearchParams();
  if (view === "nass") params.set("view", "nass");
  if (criteria.search.trim()) params.set("q", criteria.search.trim());
  for (const [key, value] of Object.entries(criteria.filters)) {
    if (typeof value === "string" && value) params.set(key, value);
  }
  if (criteria.sort) {
    params.set("sort", criteria.sort);
    params.set("dir", criteria.direction === "DESC" ? "desc" : "asc");
  }
  if (criteria.page > 1) params.set("page", String(criteria.page));
  return params;
}

const flag = (value: YesNoAny) => (value === "" ? undefined : value === "yes");

export function routeVariables(criteria: RouteCriteria) {
  const filter: { driverAssigned?: boolean; pickupFrom?: string; pickupTo?: string } = {};
  const driver = flag(criteria.filters.driver);
  if (driver !== undefined) filter.driverAssigned = driver;
  const from = dayBounds(criteria.filters.pickupFrom);
  const to = dayBounds(criteria.filters.pickupTo);
  if (from) filter.pickupFrom = from.start;
  if (to) filter.pickupTo = to.end;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort ? { field: criteria.sort, direction: criteria.direction } : null,
    page: criteria.page,
    pageSize: ROUTING_PAGE_SIZE,
  };
}

export function nassVariables(criteria: NassCriteria) {
  const { region, division, state, facType, originating, destinating } = criteria.filters;
  const filter: Record<string, string | boolean> = {};
  if (region) filter.region = region;
  if (division) filter.division = division;
  if (state) filter.state = state;
  if (facType) filter.facType = facType;
  if (flag(originating) !== undefined) filter.originating = flag(originating)!;
  if (flag(destinating) !== undefined) filter.destinating = flag(destinating)!;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort ? { field: criteria.sort, direction: criteria.direction } : null,
    page: criteria.page,
    pageSize: ROUTING_PAGE_SIZE,
  };
}

export function activeFilterCount(filters: object): number {
  return Object.values(filters).filter((value) => typeof value === "string" && value !== "").length;
}

export function routePath(routeNumber: string): string {
  return `/admin/ila/routing/${encodeURIComponent(routeNumber)}`;
}
