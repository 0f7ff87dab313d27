import { ROUTING_PAGE_SIZE } from "../../../common/routing.ts";
import { dayBounds } from "../lib/dates.ts";
import type { ListCriteria, ListSpec } from "../ui/list/list-url.ts";

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

export type RouteCriteria = ListCriteria<RouteFilters, RouteSortField>;
export type NassCriteria = ListCriteria<NassFilters, NassSortField>;

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

const date = (params: URLSearchParams, key: string) =>
  dayBounds(params.get(key) ?? "") ? params.get(key)! : "";
const text = (params: URLSearchParams, key: string) => (params.get(key) ?? "").slice(0, 100);

function writeStrings(filters: object, params: URLSearchParams) {
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === "string" && value) params.set(key, value);
  }
}

/** The Routes view in the address: q, driver, pickupFrom, pickupTo, sort/dir, page, size. */
export const ROUTE_LIST: ListSpec<RouteFilters, RouteSortField> = {
  sortFields: ROUTE_SORT_FIELDS.map(([field]) => field),
  defaultSort: null,
  pageSize: ROUTING_PAGE_SIZE,
  pageSizes: [25, 50, 100],
  emptyFilter: NO_ROUTE_FILTERS,
  filterKeys: ["driver", "pickupFrom", "pickupTo"],
  readFilter: (params) => ({
    driver: yesNo(params.get("driver")),
    pickupFrom: date(params, "pickupFrom"),
    pickupTo: date(params, "pickupTo"),
  }),
  writeFilter: writeStrings,
};

/** The NASS Codes view in the address (beside view=nass): q, the facet filters, sort/dir, page, size. */
export const NASS_LIST: ListSpec<NassFilters, NassSortField> = {
  sortFields: NASS_SORT_FIELDS.map(([field]) => field),
  defaultSort: null,
  pageSize: ROUTING_PAGE_SIZE,
  pageSizes: [25, 50, 100],
  emptyFilter: NO_NASS_FILTERS,
  filterKeys: ["region", "division", "state", "facType", "originating", "destinating"],
  readFilter: (params) => ({
    region: text(params, "region"),
    division: text(params, "division"),
    state: text(params, "state"),
    facType: text(params, "facType"),
    originating: yesNo(params.get("originating")),
    destinating: yesNo(params.get("destinating")),
  }),
  writeFilter: writeStrings,
};

const flag = (value: YesNoAny) => (value === "" ? undefined : value === "yes");

export function routeVariables(criteria: RouteCriteria) {
  const filter: { driverAssigned?: boolean; pickupFrom?: string; pickupTo?: string } = {};
  const driver = flag(criteria.filter.driver);
  if (driver !== undefined) filter.driverAssigned = driver;
  const from = dayBounds(criteria.filter.pickupFrom);
  const to = dayBounds(criteria.filter.pickupTo);
  if (from) filter.pickupFrom = from.start;
  if (to) filter.pickupTo = to.end;
  return {
    search: criteria.search.trim() || null,
    filter: Object.keys(filter).length ? filter : null,
    orderBy: criteria.sort,
    page: criteria.page,
    pageSize: criteria.pageSize,
  };
}

export function nassVariables(criteria: NassCriteria) {
  const { region, division, state, facType, originating, destinating } = criteria.filter;
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
    orderBy: criteria.sort,
    page: criteria.page,
    pageSize: criteria.pageSize,
  };
}

export function activeFilterCount(filters: object): number {
  return Object.values(filters).filter((value) => typeof value === "string" && value !== "").length;
}

export function routePath(routeNumber: string): string {
  return `/admin/ila/routing/${encodeURIComponent(routeNumber)}`;
}
