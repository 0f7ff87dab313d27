import { Suspense, useEffect, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import NassListViewQueryNode, { type NassListViewQuery } from "./__generated__/NassListViewQuery.graphql";
import { NassTable } from "./NassTable.tsx";
import { type NassCriteria, nassCriteriaFrom, nassVariables } from "./routing-criteria.ts";

export const NASS_FETCH_FAILED = "The NASS codes could not be loaded.";

export const nassListViewQuery = graphql`
  query NassListViewQuery($search: String, $filter: NassFilter, $orderBy: NassCodeOrder, $page: Int, $pageSize: Int) {
    nassFacets {
      ...NassFilterDialog_facets
    }
    ...NassTable_query
      @arguments(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize)
  }
`;

function NassListPage({
  queryRef,
  criteria,
}: {
  queryRef: PreloadedQuery<NassListViewQuery>;
  criteria: NassCriteria;
}) {
  const data = usePreloadedQuery<NassListViewQuery>(nassListViewQuery, queryRef);
  return <NassTable query={data} facets={data.nassFacets} initialCriteria={criteria} />;
}

/** The NASS Codes view ('ILA / Facility Codes'). */
export function NassListView() {
  const [params] = useSearchParams();
  const [start, setStart] = useState(() => ({ attempt: 0, criteria: nassCriteriaFrom(params) }));
  const [queryRef, loadQuery] = useQueryLoader<NassListViewQuery>(NassListViewQueryNode);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; a retry loads itself
  useEffect(
    () => loadQuery(nassVariables(start.criteria), { fetchPolicy: "store-and-network" }),
    [loadQuery],
  );
  const handleRetry = () => {
    const criteria = nassCriteriaFrom(new URLSearchParams(window.location.search));
    setStart((current) => ({ attempt: current.attempt + 1, criteria }));
    loadQuery(nassVariables(criteria), { fetchPolicy: "network-only" });
  };
  return (
    <ErrorBoundary message={NASS_FETCH_FAILED} onRetry={handleRetry}>
      <Suspense fallback={<Loading />}>
        {queryRef ? (
          <NassListPage key={start.attempt} queryRef={queryRef} criteria={start.criteria} />
        ) : (
          <Loading />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
