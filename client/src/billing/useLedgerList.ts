import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { useSearchParams } from "react-router-dom";
import type { FetchPolicy } from "relay-runtime";
import { type BillingCriteria, type BillingVariables, paramsOf, variablesOf } from "./billing-criteria.ts";

const SEARCH_DELAY_MS = 300;

/**
 * A ledger list's criteria: kept in the address, refetched in a transition (the rows stay on screen,
 * dimmed, until the next page arrives), search once typing pauses, back to page 1 when the page
 * no longer exists.
 */
export function useLedgerList(
  initialCriteria: BillingCriteria,
  refetch: (variables: BillingVariables, options: { fetchPolicy: FetchPolicy }) => unknown,
  pageCount: number,
) {
  const [, setSearchParams] = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const [criteria, setCriteria] = useState(initialCriteria);
  const [searchText, setSearchText] = useState(initialCriteria.search);
  const criteriaRef = useRef(criteria);
  criteriaRef.current = criteria;

  const show = useCallback(
    (next: BillingCriteria, fetchPolicy: FetchPolicy = "store-or-network") => {
      setCriteria(next);
      setSearchParams(paramsOf(next), { replace: true });
      startTransition(() => {
        refetch(variablesOf(next), { fetchPolicy });
      });
    },
    [refetch, setSearchParams],
  );

  useEffect(() => {
    if (searchText.trim() === criteriaRef.current.search.trim()) return;
    const timer = window.setTimeout(
      () => show({ ...criteriaRef.current, search: searchText, page: 1 }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [searchText, show]);

  useEffect(() => {
    if (criteriaRef.current.page > 1 && criteriaRef.current.page > pageCount) {
      show({ ...criteriaRef.current, page: 1 }, "network-only");
    }
  }, [pageCount, show]);

  const refresh = useCallback(() => show(criteriaRef.current, "network-only"), [show]);
  return { criteria, searchText, setSearchText, show, refresh, isPending };
}
