import type { ListCriteria, ListSpec } from "../ui/list/list-url.ts";
import { equipmentEnumOf } from "./OfferListToolbar.tsx";

export interface OfferFilters {
  originState: string;
  destinationState: string;
  /** The equipment label ('Dry Van'), empty for any. */
  equipmentType: string;
}

export const ACTIVE_OFFER_SORTS = [
  ["ROUND_ENDS_AT", "Round ends"],
  ["START_DATE_TIME", "Start Date/Time"],
  ["BEST_OFFER", "Best offer"],
  ["CREATED_AT", "Created"],
] as const;
export type ActiveOfferSortField = (typeof ACTIVE_OFFER_SORTS)[number][0];
export type ActiveOfferCriteria = ListCriteria<OfferFilters, ActiveOfferSortField>;

const NO_FILTERS: OfferFilters = { originState: "", destinationState: "", equipmentType: "" };
const KEYS = ["originState", "destinationState", "equipmentType"] as const;

/** Active offers in the address: search, the three filters, sort/dir (round ends soonest by default), page. */
export const ACTIVE_OFFER_LIST: ListSpec<OfferFilters, ActiveOfferSortField> = {
  sortFields: ACTIVE_OFFER_SORTS.map(([field]) => field),
  defaultSort: { field: "ROUND_ENDS_AT", direction: "ASC" },
  pageSize: 50,
  emptyFilter: NO_FILTERS,
  filterKeys: KEYS,
  searchKey: "search",
  readFilter: (params) => ({
    originState: (params.get("originState") ?? "").slice(0, 2),
    destinationState: (params.get("destinationState") ?? "").slice(0, 2),
    equipmentType: params.get("equipmentType") ?? "",
  }),
  writeFilter(filters, params) {
    for (const key of KEYS) if (filters[key]) params.set(key, filters[key]);
  },
};

/** The `activeOffers` arguments (50 a page, as the query fixes). */
export function activeOfferVariables(criteria: ActiveOfferCriteria) {
  return {
    search: criteria.search.trim() || null,
    filter: {
      originState: criteria.filter.originState || null,
      destinationState: criteria.filter.destinationState || null,
      equipmentType: equipmentEnumOf(criteria.filter.equipmentType),
    },
    orderBy: criteria.sort ?? ACTIVE_OFFER_LIST.defaultSort,
    page: criteria.page,
  };
}
