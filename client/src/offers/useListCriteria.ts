import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

export interface OfferListCriteria {
  search: string;
  originState: string;
  destinationState: string;
  equipmentType: string;
  sort: string;
  page: number;
}

/** The list's criteria live in the URL, so a reload or a shared link shows the same page. */
export function useListCriteria(defaultSort: string) {
  const [params, setParams] = useSearchParams();
  const criteria: OfferListCriteria = {
    search: params.get("search") ?? "",
    originState: params.get("originState") ?? "",
    destinationState: params.get("destinationState") ?? "",
    equipmentType: params.get("equipmentType") ?? "",
    sort: params.get("sort") ?? defaultSort,
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const update = useCallback(
    (changes: Partial<OfferListCriteria>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === "" || value === undefined || (key === "page" && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [criteria, update] as const;
}

const SORT_FIELDS = ["START_DATE_TIME", "ROUND_ENDS_AT", "BEST_OFFER", "CREATED_AT", "FINISHED_AT"] as const;
type SortField = (typeof SORT_FIELDS)[number];

/** 'ROUND_ENDS_AT:asc' -> the GraphQL orderBy; an unknown field falls back to the default. */
export function orderByOf(sort: string, fallback: SortField = "ROUND_ENDS_AT") {
  const [field, direction] = sort.split(":");
  const known = (SORT_FIELDS as readonly string[]).includes(field) ? (field as SortField) : fallback;
  return { field: known, direction: direction === "desc" ? ("DESC" as const) : ("ASC" as const) };
}
