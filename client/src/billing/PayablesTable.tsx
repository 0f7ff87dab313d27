import { graphql, useRefetchableFragment } from "react-relay";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import type { PayablesTable_query$key } from "./__generated__/PayablesTable_query.graphql";
import type { PayablesTableRefetchQuery } from "./__generated__/PayablesTableRefetchQuery.graphql";
import { BILL_COLUMNS, BillRow } from "./BillRow.tsx";
import { BILLING_LIST, variablesOf } from "./billing-criteria.ts";
import { LedgerTable } from "./LedgerTable.tsx";

interface PayablesTableProps {
  query: PayablesTable_query$key;
}

/** Accounts payable: one server page of 50 bills. */
export function PayablesTable({ query }: PayablesTableProps) {
  const [data, refetch] = useRefetchableFragment<PayablesTableRefetchQuery, PayablesTable_query$key>(
    graphql`
      fragment PayablesTable_query on Query
      @refetchable(queryName: "PayablesTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "BillingFilter" }
        orderBy: { type: "BillOrder" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        bills(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          ...usePagedList_page
          totalAmountCents
          edges {
            node {
              id
              ...BillRow_bill
            }
          }
        }
      }
    `,
    query,
  );
  const list = useRefetchList(BILLING_LIST, { refetch, variablesOf, answer: data.bills });
  return (
    <LedgerTable ledger="payable" list={list} answer={data.bills} columns={BILL_COLUMNS}>
      {data.bills.edges.map((edge) => (
        <BillRow key={edge.node.id} bill={edge.node} />
      ))}
    </LedgerTable>
  );
}
