import { graphql, useFragment } from "react-relay";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  InvoiceRow_invoice$data,
  InvoiceRow_invoice$key,
} from "./__generated__/InvoiceRow_invoice.graphql";
import { entryPath } from "./billing-criteria.ts";
import { ledgerColumns } from "./ledger-columns.tsx";

/** Spec section 2: the Accounts Receivable columns. */
export const INVOICE_COLUMNS = ledgerColumns<InvoiceRow_invoice$data>("receivable", {
  number: (row) => row.invoiceNumber,
  party: (row) => row.customerPayer,
  date: (row) => row.dueDate,
  amountCents: (row) => row.amountDueCents,
});

interface InvoiceRowProps {
  invoice: InvoiceRow_invoice$key;
}

export function InvoiceRow({ invoice }: InvoiceRowProps) {
  const data = useFragment(
    graphql`
      fragment InvoiceRow_invoice on Invoice {
        invoiceNumber
        customerPayer
        dueDate
        amountDueCents
        status
        pastDue
        daysPastDue
        trackingLink
      }
    `,
    invoice,
  );
  return <DataRow columns={INVOICE_COLUMNS} row={data} href={entryPath("receivable", data.invoiceNumber)} />;
}
