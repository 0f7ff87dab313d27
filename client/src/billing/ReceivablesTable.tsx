import { graphql, useRefetchableFragment } from "react-relay";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import type { ReceivablesTable_query$key } from "./__generated__/ReceivablesTable_query.graphql";
import type { ReceivablesTableRefetchQuery } from "./__generated__/ReceivablesTableRefetchQuery.graphql";
import { AgingStrip } from "./AgingStrip.tsx";
import { BILLING_LIST, variablesOf } from "./billing-criteria.ts";
import { INVOICE_COLUMNS, InvoiceRow } from "./InvoiceRow.tsx";
import { LedgerTable } from "./LedgerTable.tsx";

interface ReceivablesTableProps {
  query: ReceivablesTable_query$key;
}

/** Accounts receivable: the aging strip, then one server page of 50 invoices. */
export function ReceivablesTable({ query }: ReceivablesTableProps) {
  const [data, refetch] = useRefetchableFragment<ReceivablesTableRefetchQuery, ReceivablesTable_query$key>(
    graphql`
      fragment ReceivablesTable_query on Query
      @refetchable(queryName: "ReceivablesTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "BillingFilter" }
        orderBy: { type: "InvoiceOrder" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        ...AgingStrip_query
        invoices(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          ...usePagedList_page
          totalAmountCents
          edges {
            node {
              id
              ...InvoiceRow_invoice
            }
          }
        }
      }
    `,
    query,
  );
  const list = useRefetchList(BILLING_LIST, { refetch, variablesOf, answer: data.invoices });
  return (
    <>
      <AgingStrip query={data} />
      <LedgerTable ledger="receivable" list={list} answer={data.invoices} columns={INVOICE_COLUMNS}>
        {data.invoices.edges.map((edge) => (
          <InvoiceRow key={edge.node.id} invoice={edge.node} />
        ))}
      </LedgerTable>
    </>
  );
}
