import type { ListCriteria, ListSpec } from "../ui/list/list-url.ts";
import type {
  SortDirection as CarrierSortDirection,
  CarrierSortField,
  CarrierType,
} from "./__generated__/CarrierListRefetchQuery.graphql";

export type { CarrierSortDirection, CarrierSortField, CarrierType };

export const CARRIER_TYPE_OPTIONS: readonly CarrierType[] = ["Trucking", "Rail", "Air"];

export const SORT_FIELD_LABELS: readonly [CarrierSortField, string][] = [
  ["CARRIER_NAME", "Carrier Name"],
  ["DOT_NUMBER", "DOT #"],
  ["MC_NUMBER", "MC #"],
  ["TYPE", "Type"],
  ["CONTACT_NAME", "Contact name"],
  ["CONTACT_PHONE", "Contact phone"],
  ["CREATED_AT", "Date added"],
];

export interface CarrierFilter {
  type: CarrierType | null;
}

export type CarrierListCriteria = ListCriteria<CarrierFilter, CarrierSortField>;

/** The carrier list in the address: q, type, sort/dir (Carrier Name A–Z by default), page, size. */
export const CARRIER_LIST: ListSpec<CarrierFilter, CarrierSortField> = {
  sortFields: SORT_FIELD_LABELS.map(([field]) => field),
  defaultSort: { field: "CARRIER_NAME", direction: "ASC" },
  pageSize: 50,
  pageSizes: [25, 50, 100],
  emptyFilter: { type: null },
  filterKeys: ["type"],
  readFilter(params) {
    const type = params.get("type");
    return { type: CARRIER_TYPE_OPTIONS.find((option) => option === type) ?? null };
  },
  writeFilter(filter, params) {
    if (filter.type) params.set("type", filter.type);
  },
};

/** The `carriers` arguments for these criteria. */
export function carrierVariables(criteria: CarrierListCriteria) {
  return {
    search: criteria.search.trim() || null,
    filter: criteria.filter.type ? { type: criteria.filter.type } : null,
    orderBy: criteria.sort ?? CARRIER_LIST.defaultSort,
    page: criteria.page,
    pageSize: criteria.pageSize,
  };
}
