import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { useSearchParams } from "react-router-dom";
import type { FetchPolicy } from "relay-runtime";
import { type ListState, paramsOf, type RoutingView } from "./routing-criteria.ts";

const SEARCH_DELAY_MS = 300;

/**
 * A server-paged list's criteria: kept in the address, searched once typing pauses, refetched in a
 * transition, and back to page 1 when the page no longer exists (spec section 4).
 */
export function useListState<Criteria extends ListState<string, object>>(
  view: RoutingView,
  initial: Criteria,
  refetch: (criteria: Criteria, fetchPolicy: FetchPolicy) => void,
  pageCount: number,
) {
  const [, setSearchParams] = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const [criteria, setCriteria] = useState(initial);
  const [searchText, setSearchText] = useState(initial.search);
  const current = useRef(criteria);
  current.current = criteria;

  const show = useCallback(
    (next: Criteria, fetchPolicy: FetchPolicy = "store-or-network") => {
      setCriteria(next);
      setSearchParams(paramsOf(view, next), { replace: true });
      startTransition(() => refetch(next, fetchPolicy));
    },
    [refetch, setSearchParams, view],
  );

  useEffect(() => {
    if (searchText.trim() === current.current.search.trim()) return;
    const timer = window.setTimeout(
      () => show({ ...current.current, search: searchText, page: 1 }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [searchText, show]);

  useEffect(() => {
    if (current.current.page > 1 && current.current.page > pageCount) {
      show({ ...current.current, page: 1 }, "network-only");
    }
  }, [pageCount, show]);

  const reload = useCallback(() => show(current.current, "network-only"), [show]);
  return { criteria, show, searchText, setSearchText, isPending, reload };
}
