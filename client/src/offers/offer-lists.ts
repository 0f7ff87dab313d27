import { MAX_NEAR_MILES, parseCityState } from "../../../common/offer-board.ts";
import { EQUIPMENT_TYPES } from "../../../common/offers.ts";
import type { ListCriteria, ListSort, ListSpec } from "../ui/list/list-url.ts";

export interface OfferFilters {
  originState: string;
  destinationState: string;
  /** The equipment label ('Dry Van'), empty for any. */
  equipmentType: string;
  /** "Chicago, IL": offers picking up within `withinMiles` of it; empty for anywhere. */
  nearCity: string;
  /** The radius for nearCity, in miles ("100" unless chosen). */
  withinMiles: string;
}

type EquipmentEnum = "DRY_VAN" | "FLATBED" | "HEAVY_HAUL" | "REFRIGERATED" | "HIGH_VALUE" | "INTERMODAL";

const EQUIPMENT_VALUES = Object.fromEntries(
  EQUIPMENT_TYPES.map((type) => [type, type.toUpperCase().replace(/[^A-Z]/g, "_") as EquipmentEnum]),
) as Record<string, EquipmentEnum>;

/** 'Dry Van' -> DRY_VAN (the GraphQL enum), or null for any. */
export const equipmentEnumOf = (label: string): EquipmentEnum | null => EQUIPMENT_VALUES[label] ?? null;

/** The sort fields every offer list's order takes (the GraphQL enums share them). */
type OfferSortField = "ROUND_ENDS_AT" | "START_DATE_TIME" | "BEST_OFFER" | "CREATED_AT" | "FINISHED_AT";
type SortChoices<Field extends OfferSortField> = readonly (readonly [Field, string])[];

export const ACTIVE_OFFER_SORTS = [
  ["ROUND_ENDS_AT", "Round ends"],
  ["START_DATE_TIME", "Start Date/Time"],
  ["BEST_OFFER", "Best offer"],
  ["CREATED_AT", "Created"],
] as const;
export type ActiveOfferSortField = (typeof ACTIVE_OFFER_SORTS)[number][0];
export type ActiveOfferCriteria = ListCriteria<OfferFilters, ActiveOfferSortField>;

export const HISTORY_SORTS = [
  ["FINISHED_AT", "Closed"],
  ["START_DATE_TIME", "Start Date/Time"],
  ["CREATED_AT", "Opened"],
] as const;
export type HistorySortField = (typeof HISTORY_SORTS)[number][0];

export const WINS_SORTS = [
  ["FINISHED_AT", "Won"],
  ["START_DATE_TIME", "Start Date/Time"],
] as const;
export type WinsSortField = (typeof WINS_SORTS)[number][0];

const NO_FILTERS: OfferFilters = {
  originState: "",
  destinationState: "",
  equipmentType: "",
  nearCity: "",
  withinMiles: "",
};
const KEYS = ["originState", "destinationState", "equipmentType", "nearCity", "withinMiles"] as const;

/** The radius the board uses when the person picked a city but no radius. */
export const DEFAULT_NEAR_MILES = 100;

/**
 * An offer list in the address: `search`, the three filters (when the list has them), sort/dir,
 * page; 50 a page.
 */
function offerListSpec<Field extends OfferSortField>(
  sorts: SortChoices<Field>,
  defaultSort: ListSort<Field>,
  filtered: boolean,
): ListSpec<OfferFilters, Field> {
  return {
    sortFields: sorts.map(([field]) => field),
    defaultSort,
    pageSize: 50,
    emptyFilter: NO_FILTERS,
    filterKeys: filtered ? KEYS : [],
    searchKey: "search",
    readFilter: (params) =>
      filtered
        ? {
            originState: (params.get("originState") ?? "").slice(0, 2),
            destinationState: (params.get("destinationState") ?? "").slice(0, 2),
            equipmentType: params.get("equipmentType") ?? "",
            nearCity: (params.get("nearCity") ?? "").slice(0, 120),
            withinMiles: (params.get("withinMiles") ?? "").slice(0, 3),
          }
        : NO_FILTERS,
    writeFilter(filters, params) {
      if (filtered) for (const key of KEYS) if (filters[key]) params.set(key, filters[key]);
    },
  };
}

/** Open offers: round ends soonest first. */
export const ACTIVE_OFFER_LIST = offerListSpec(
  ACTIVE_OFFER_SORTS,
  { field: "ROUND_ENDS_AT", direction: "ASC" },
  true,
);
/** Finished and cancelled offers: closed most recently first. */
export const HISTORY_LIST = offerListSpec(HISTORY_SORTS, { field: "FINISHED_AT", direction: "DESC" }, true);
/** A carrier's won offers (no filters): won most recently first. */
export const WINS_LIST = offerListSpec(WINS_SORTS, { field: "FINISHED_AT", direction: "DESC" }, false);

/** The filter's "near" input: a well-formed city and a radius within the server's bounds. */
function nearOf(filter: OfferFilters) {
  const place = parseCityState(filter.nearCity);
  if (!place) return null;
  const miles = Number(filter.withinMiles);
  return {
    ...place,
    miles: Number.isInteger(miles) && miles >= 1 && miles <= MAX_NEAR_MILES ? miles : DEFAULT_NEAR_MILES,
  };
}

/** An offer list's query arguments (50 a page, as the queries fix). */
export function offerListVariables<Field extends OfferSortField>(
  spec: ListSpec<OfferFilters, Field>,
  criteria: ListCriteria<OfferFilters, Field>,
) {
  return {
    search: criteria.search.trim() || null,
    filter: {
      originState: criteria.filter.originState || null,
      destinationState: criteria.filter.destinationState || null,
      equipmentType: equipmentEnumOf(criteria.filter.equipmentType),
      near: nearOf(criteria.filter),
    },
    orderBy: criteria.sort ?? spec.defaultSort ?? undefined,
    page: criteria.page,
  };
}

export type BidderSortField = "AMOUNT";

/** An offer's bidders in the address: sort/dir (the server's order by default) and page; 50 a page. */
export const BIDDER_LIST: ListSpec<Record<string, never>, BidderSortField> = {
  sortFields: ["AMOUNT"],
  defaultSort: null,
  pageSize: 50,
  emptyFilter: {},
  filterKeys: [],
  readFilter: () => ({}),
  writeFilter() {},
};
