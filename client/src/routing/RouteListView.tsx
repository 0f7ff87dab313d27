import { Suspense, useEffect, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery, useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import RouteListViewQueryNode, { type RouteListViewQuery } from "./__generated__/RouteListViewQuery.graphql";
import { RouteTable } from "./RouteTable.tsx";
import { type RouteCriteria, routeCriteriaFrom, routeVariables } from "./routing-criteria.ts";

export const ROUTES_FETCH_FAILED = "The routes could not be loaded.";

export const routeListViewQuery = graphql`
  query RouteListViewQuery(
    $search: String
    $filter: RouteFilter
    $orderBy: RouteOrder
    $page: Int
    $pageSize: Int
  ) {
    ...RouteTable_query
      @arguments(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize)
  }
`;

function RouteListPage({
  queryRef,
  criteria,
}: {
  queryRef: PreloadedQuery<RouteListViewQuery>;
  criteria: RouteCriteria;
}) {
  const data = usePreloadedQuery<RouteListViewQuery>(routeListViewQuery, queryRef);
  return <RouteTable query={data} initialCriteria={criteria} />;
}

/** The Routes view: loads its first page from the criteria in the address. */
export function RouteListView() {
  const [params] = useSearchParams();
  const [start, setStart] = useState(() => ({ attempt: 0, criteria: routeCriteriaFrom(params) }));
  const [queryRef, loadQuery] = useQueryLoader<RouteListViewQuery>(RouteListViewQueryNode);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; a retry loads itself
  useEffect(
    () => loadQuery(routeVariables(start.criteria), { fetchPolicy: "store-and-network" }),
    [loadQuery],
  );
  const handleRetry = () => {
    const criteria = routeCriteriaFrom(new URLSearchParams(window.location.search));
    setStart((current) => ({ attempt: current.attempt + 1, criteria }));
    loadQuery(routeVariables(criteria), { fetchPolicy: "network-only" });
  };
  return (
    <ErrorBoundary message={ROUTES_FETCH_FAILED} onRetry={handleRetry}>
      <Suspense fallback={<Loading />}>
        {queryRef ? (
          <RouteListPage key={start.attempt} queryRef={queryRef} criteria={start.criteria} />
        ) : (
          <Loading />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
