import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { TrackingListPageQuery } from "./__generated__/TrackingListPageQuery.graphql";
import { FleetMap } from "./FleetMap.tsx";
import { TrackingTable } from "./TrackingTable.tsx";

export const trackingListPageQuery = graphql`
  query TrackingListPageQuery($search: String, $page: Int, $pageSize: Int) {
    ...FleetMap_query
    ...TrackingTable_query @arguments(search: $search, page: $page, pageSize: $pageSize)
  }
`;

interface TrackingListPageProps {
  queryRef: PreloadedQuery<TrackingListPageQuery>;
}

export function TrackingListPage({ queryRef }: TrackingListPageProps) {
  const data = usePreloadedQuery<TrackingListPageQuery>(trackingListPageQuery, queryRef);
  return (
    <>
      <PageTitle>ILA / Tracking</PageTitle>
      <FleetMap query={data} />
      <TrackingTable query={data} />
    </>
  );
}
