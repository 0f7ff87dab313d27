import { Suspense, useEffect, useState } from "react";
import { useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { Loading } from "../ui/Loading.tsx";
import { QueryErrorBoundary } from "../ui/QueryErrorBoundary.tsx";
import LoadListPageQueryNode, { type LoadListPageQuery } from "./__generated__/LoadListPageQuery.graphql";
import { LoadListPage } from "./LoadListPage.tsx";
import { criteriaFromParams, variablesOf } from "./list-criteria.ts";
import { LOADS_FETCH_FAILED } from "./messages.ts";

/** /admin/ila/load: the load list, starting from the search, filters, sort and page in the address. */
export default function LoadListRoute() {
  const [params] = useSearchParams();
  // A retry starts again from what the address says now.
  const [start, setStart] = useState(() => ({ attempt: 0, criteria: criteriaFromParams(params) }));
  const [queryRef, loadQuery] = useQueryLoader<LoadListPageQuery>(LoadListPageQueryNode);
  useEffect(
    () =>
      loadQuery(variablesOf(start.criteria), {
        fetchPolicy: start.attempt === 0 ? "store-and-network" : "network-only",
      }),
    [loadQuery, start],
  );
  const handleRetry = () =>
    setStart((current) => ({
      attempt: current.attempt + 1,
      criteria: criteriaFromParams(new URLSearchParams(window.location.search)),
    }));
  return (
    <QueryErrorBoundary message={LOADS_FETCH_FAILED} onRetry={handleRetry}>
      <Suspense fallback={<Loading />}>
        {queryRef ? (
          <LoadListPage key={start.attempt} queryRef={queryRef} initialCriteria={start.criteria} />
        ) : (
          <Loading />
        )}
      </Suspense>
    </QueryErrorBoundary>
  );
}
