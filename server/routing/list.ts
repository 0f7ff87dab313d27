export const ROUTE_SORT_FIELDS = [
  "routeNumber",
  "carrier",
  "loadCount",
  "stopCount",
  "pickupDate",
  "deliveryDate",
  "createdAt",
] as const;
export type RouteSortField = (typeof ROUTE_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export interface RouteSort {
  field: RouteSortField;
  direction: SortDirection;
}

/** Newest first, as the list shows before anyone sorts. */
export const DEFAULT_ROUTE_SORT: RouteSort = { field: "createdAt", direction: "desc" };

export interface RouteListFilters {
  /** Text in the route number or the carrier's name, any case. */
  search?: string | null;
  /** Database id of the carrier. */
  carrierId?: string | null;
  /** true: routes with a driver; false: routes waiting for one. */
  driverAssigned?: boolean | null;
  /** On the derived pickup date (the first assigned load's). */
  pickupFrom?: Date | null;
  pickupTo?: Date | null;
}
