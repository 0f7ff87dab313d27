import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { ReceivablesPageQuery } from "./__generated__/ReceivablesPageQuery.graphql";
import type { BillingCriteria } from "./billing-criteria.ts";
import { ReceivablesTable } from "./ReceivablesTable.tsx";

export const receivablesPageQuery = graphql`
  query ReceivablesPageQuery(
    $search: String
    $filter: BillingFilter
    $orderBy: InvoiceOrder
    $page: Int
    $pageSize: Int
  ) {
    ...ReceivablesTable_query
      @arguments(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize)
  }
`;

interface ReceivablesPageProps {
  queryRef: PreloadedQuery<ReceivablesPageQuery>;
  initialCriteria: BillingCriteria;
}

export function ReceivablesPage({ queryRef, initialCriteria }: ReceivablesPageProps) {
  const data = usePreloadedQuery<ReceivablesPageQuery>(receivablesPageQuery, queryRef);
  return <ReceivablesTable query={data} initialCriteria={initialCriteria} />;
}
