import type {
  SortDirection as CarrierSortDirection,
  CarrierSortField,
  CarrierType,
} from "./__generated__/CarrierListRefetchQuery.graphql";

export type { CarrierSortDirection, CarrierSortField, CarrierType };

/** What the carrier list shows: the refetch variables of its fragment. */
export interface CarrierListView {
  search: string;
  type: CarrierType | null;
  sortBy: CarrierSortField;
  sortDirection: CarrierSortDirection;
  page: number;
}

export const DEFAULT_CARRIER_VIEW: CarrierListView = {
  search: "",
  type: null,
  sortBy: "CARRIER_NAME",
  sortDirection: "ASC",
  page: 1,
};

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
