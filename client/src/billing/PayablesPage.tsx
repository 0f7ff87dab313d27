import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { PayablesPageQuery } from "./__generated__/PayablesPageQuery.graphql";
import type { BillingCriteria } from "./billing-criteria.ts";
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
  initialCriteria: BillingCriteria;
}

export function PayablesPage({ queryRef, initialCriteria }: PayablesPageProps) {
  const data = usePreloadedQuery<PayablesPageQuery>(payablesPageQuery, queryRef);
  return <PayablesTable query={data} initialCriteria={initialCriteria} />;
}
