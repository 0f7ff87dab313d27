import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { PayablesPageQuery } from "./__generated__/PayablesPageQuery.graphql";
import { PayablesTable } from "./PayablesTable.tsx";

export const payablesPageQuery = graphql`
  query PayablesPageQuery(
    $search: String
    $filter: BillingFilter
    $orderBy: BillOrder
    $page: Int
    $pageSize: Int
  ) {
    ...PayablesTable_query
      @arguments(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize)
  }
`;

interface PayablesPageProps {
  queryRef: PreloadedQuery<PayablesPageQuery>;
}

export function PayablesPage({ queryRef }: PayablesPageProps) {
  const data = usePreloadedQuery<PayablesPageQuery>(payablesPageQuery, queryRef);
  return <PayablesTable query={data} />;
}
