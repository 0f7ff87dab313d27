import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { useListQuery } from "../ui/list/useListQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import RouteListViewQueryNode, { type RouteListViewQuery } from "./__generated__/RouteListViewQuery.graphql";
import { RouteTable } from "./RouteTable.tsx";
import { ROUTE_LIST, type RouteFilters, type RouteSortField, routeVariables } from "./routing-criteria.ts";

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

function RouteListPage({ queryRef }: { queryRef: PreloadedQuery<RouteListViewQuery> }) {
  const data = usePreloadedQuery<RouteListViewQuery>(routeListViewQuery, queryRef);
  return <RouteTable query={data} />;
}

/** The Routes view: loads its first page from the criteria in the address. */
export function RouteListView() {
  const { queryRef, retry, attempt } = useListQuery<RouteListViewQuery, RouteFilters, RouteSortField>(
    RouteListViewQueryNode,
    ROUTE_LIST,
    routeVariables,
  );
  return (
    <QueryBoundary queryRef={queryRef} resetKey={attempt} message={ROUTES_FETCH_FAILED} onRetry={retry}>
      {(loaded) => <RouteListPage queryRef={loaded} />}
    </QueryBoundary>
  );
}
