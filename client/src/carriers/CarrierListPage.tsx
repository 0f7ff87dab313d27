import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { CarrierListPageQuery } from "./__generated__/CarrierListPageQuery.graphql";
import { CarrierList } from "./CarrierList.tsx";

export const carrierListPageQuery = graphql`
  query CarrierListPageQuery(
    $search: String
    $filter: CarrierFilter
    $orderBy: CarrierOrder
    $page: Int
    $pageSize: Int
  ) {
    ...CarrierList_query
      @arguments(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize)
  }
`;

interface CarrierListPageProps {
  queryRef: PreloadedQuery<CarrierListPageQuery>;
}

export function CarrierListPage({ queryRef }: CarrierListPageProps) {
  const data = usePreloadedQuery<CarrierListPageQuery>(carrierListPageQuery, queryRef);
  return <CarrierList query={data} />;
}
