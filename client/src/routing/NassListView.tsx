import { Suspense } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { useListQuery } from "../ui/list/useListQuery.ts";
import NassListViewQueryNode, { type NassListViewQuery } from "./__generated__/NassListViewQuery.graphql";
import { NassTable } from "./NassTable.tsx";
import { NASS_LIST, type NassFilters, type NassSortField, nassVariables } from "./routing-criteria.ts";

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

function NassListPage({ queryRef }: { queryRef: PreloadedQuery<NassListViewQuery> }) {
  const data = usePreloadedQuery<NassListViewQuery>(nassListViewQuery, queryRef);
  return <NassTable query={data} facets={data.nassFacets} />;
}

/** The NASS Codes view ('ILA / Facility Codes'). */
export function NassListView() {
  const { queryRef, retry, attempt } = useListQuery<NassListViewQuery, NassFilters, NassSortField>(
    NassListViewQueryNode,
    NASS_LIST,
    nassVariables,
  );
  return (
    <ErrorBoundary message={NASS_FETCH_FAILED} onRetry={retry}>
      <Suspense fallback={<Loading />}>
        {queryRef ? <NassListPage key={attempt} queryRef={queryRef} /> : <Loading />}
      </Suspense>
    </ErrorBoundary>
  );
}
