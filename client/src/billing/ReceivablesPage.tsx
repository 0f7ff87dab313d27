import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { ReceivablesPageQuery } from "./__generated__/ReceivablesPageQuery.graphql";
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
}

export function ReceivablesPage({ queryRef }: ReceivablesPageProps) {
  const data = usePreloadedQuery<ReceivablesPageQuery>(receivablesPageQuery, queryRef);
  return <ReceivablesTable query={data} />;
}
