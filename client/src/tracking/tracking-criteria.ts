import type { ListCriteria, ListSpec } from "../ui/list/list-url.ts";

/** The tracking list has no filter or sort of its own: search and page only. */
type NoFilter = Record<string, never>;
export type TrackingCriteria = ListCriteria<NoFilter, never>;

/** The tracking list in the address: ?search=&page= (the links already shared use `search`). */
export const TRACKING_LIST: ListSpec<NoFilter, never> = {
  sortFields: [],
  defaultSort: null,
  pageSize: 50,
  emptyFilter: {},
  filterKeys: [],
  searchKey: "search",
  readFilter: () => ({}),
  writeFilter: () => {},
};

export function variablesOf(criteria: TrackingCriteria) {
  return { search: criteria.search.trim() || null, page: criteria.page, pageSize: criteria.pageSize };
}

export function trackingPath(routeNumber: string): string {
  return `/admin/ila/tracking/${encodeURIComponent(routeNumber)}`;
}
