/** The tracking list's criteria live in the address: ?search=&page=. */
export interface TrackingCriteria {
  search: string;
  page: number;
}

export function criteriaFromParams(params: URLSearchParams): TrackingCriteria {
  const page = Number(params.get("page") ?? "1");
  return {
    search: params.get("search") ?? "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsOf(criteria: TrackingCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.search.trim()) params.set("search", criteria.search.trim());
  if (criteria.page > 1) params.set("page", String(criteria.page));
  return params;
}

export function variablesOf(criteria: TrackingCriteria) {
  return { search: criteria.search.trim() || null, page: criteria.page, pageSize: 50 };
}

export function trackingPath(routeNumber: string): string {
  return `/admin/ila/tracking/${encodeURIComponent(routeNumber)}`;
}
