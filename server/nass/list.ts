export interface NassListFilters {
  /** Text in the code, facility name, city, state or zip, any case. */
  search?: string | null;
  region?: string | null;
  division?: string | null;
  state?: string | null;
  facType?: string | null;
  originating?: boolean | null;
  destinating?: boolean | null;
}

export const NASS_SORT_FIELDS = [
  "code",
  "region",
  "division",
  "facilityName",
  "city",
  "state",
  "zip",
  "facType",
] as const;
export type NassSortField = (typeof NASS_SORT_FIELDS)[number];

export interface NassSort {
  field: NassSortField;
  direction: "asc" | "desc";
}

export const DEFAULT_NASS_SORT: NassSort = { field: "code", direction: "asc" };
