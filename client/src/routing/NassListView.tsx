import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { useListQuery } from "../ui/list/useListQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
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
    <QueryBoundary queryRef={queryRef} resetKey={attempt} message={NASS_FETCH_FAILED} onRetry={retry}>
      {(loaded) => <NassListPage queryRef={loaded} />}
    </QueryBoundary>
  );
}
