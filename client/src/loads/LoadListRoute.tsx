import { Suspense, useEffect, useState } from "react";
import { useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import LoadListPageQueryNode, { type LoadListPageQuery } from "./__generated__/LoadListPageQuery.graphql";
import { LoadListPage } from "./LoadListPage.tsx";
import { criteriaFromParams, variablesOf } from "./list-criteria.ts";
import { LOADS_FETCH_FAILED } from "./messages.ts";

/** /admin/ila/load: the load list, starting from the search, filters, sort and page in the address. */
export default function LoadListRoute() {
  const [params] = useSearchParams();
  const [start, setStart] = useState(() => ({ attempt: 0, criteria: criteriaFromParams(params) }));
  const [queryRef, loadQuery] = useQueryLoader<LoadListPageQuery>(LoadListPageQueryNode);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; a retry loads itself
  useEffect(() => loadQuery(variablesOf(start.criteria), { fetchPolicy: "store-and-network" }), [loadQuery]);

  // A retry starts again from what the address says now, in the same update as the boundary's reset.
  const handleRetry = () => {
    const criteria = criteriaFromParams(new URLSearchParams(window.location.search));
    setStart((current) => ({ attempt: current.attempt + 1, criteria }));
    loadQuery(variablesOf(criteria), { fetchPolicy: "network-only" });
  };
  return (
    <ErrorBoundary message={LOADS_FETCH_FAILED} onRetry={handleRetry}>
      <Suspense fallback={<Loading />}>
        {queryRef ? (
          <LoadListPage key={start.attempt} queryRef={queryRef} initialCriteria={start.criteria} />
        ) : (
          <Loading />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
