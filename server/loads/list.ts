import type { LoadStage } from "../../common/loads/stages.ts";
import type { LoadMode, LoadStatus } from "../../common/loads/values.ts";

export const LOAD_SORT_FIELDS = [
  "loadId",
  "route",
  "customer",
  "carrier",
  "status",
  "pickupDate",
  "deliveryDate",
  "createdAt",
] as const;
export type LoadSortField = (typeof LOAD_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

export interface LoadListFilters {
  /** Text contained in the load id, any case. */
  search?: string | null;
  status?: LoadStatus[] | null;
  stage?: LoadStage[] | null;
  mode?: LoadMode[] | null;
  /** Exact customer name, any case. */
  customer?: string | null;
  pickupFrom?: Date | null;
  pickupTo?: Date | null;
  deliveryFrom?: Date | null;
  deliveryTo?: Date | null;
}

export interface LoadSort {
  field: LoadSortField;
  direction: SortDirection;
}

/** Newest first: what the list shows before anyone sorts. */
export const DEFAULT_LOAD_SORT: LoadSort = { field: "createdAt", direction: "desc" };
