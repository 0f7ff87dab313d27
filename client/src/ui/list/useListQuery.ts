import { startTransition, useCallback, useEffect, useState } from "react";
import { useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import { type ListCriteria, type ListSpec, readCriteria } from "./list-url.ts";

/**
 * A list screen's first query, loaded from the criteria in the address, and a retry that starts
 * again from what the address says then (render the page with `key={attempt}`).
 */
export function useListQuery<Query extends OperationType, Filter, Field extends string>(
  query: GraphQLTaggedNode,
  spec: ListSpec<Filter, Field>,
  variablesOf: (criteria: ListCriteria<Filter, Field>) => Query["variables"],
) {
  const [params] = useSearchParams();
  const [queryRef, loadQuery] = useQueryLoader<Query>(query);
  const [attempt, setAttempt] = useState(0);
  // In a transition: the screen's spinner (QueryBoundary's, before any query) stays until the rows
  // can show, instead of a Suspense fallback whose reveal React holds back for 300 ms after it
  // showed (its throttle of fallback reveals), which the first screen's data usually beats.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; a retry loads itself
  useEffect(
    () =>
      startTransition(() =>
        loadQuery(variablesOf(readCriteria(spec, params)), { fetchPolicy: "store-and-network" }),
      ),
    [loadQuery],
  );
  const retry = useCallback(() => {
    const criteria = readCriteria(spec, new URLSearchParams(window.location.search));
    setAttempt((current) => current + 1);
    loadQuery(variablesOf(criteria), { fetchPolicy: "network-only" });
  }, [loadQuery, spec, variablesOf]);
  return { queryRef, retry, attempt };
}
