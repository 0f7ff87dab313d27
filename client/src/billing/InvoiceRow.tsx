import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { dayText } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  InvoiceRow_invoice$data,
  InvoiceRow_invoice$key,
} from "./__generated__/InvoiceRow_invoice.graphql";
import { ActionsCell } from "./ActionsCell.tsx";
import { entryPath, SORT_LABELS, type SortField } from "./billing-criteria.ts";
import { StatusChip } from "./StatusChip.tsx";

const LABELS = SORT_LABELS.receivable;

/** Spec section 2: the ledger's columns, in order; every one but Actions sorts it. */
export const INVOICE_COLUMNS: readonly Column<InvoiceRow_invoice$data, SortField>[] = [
  {
    id: "number",
    header: LABELS.NUMBER,
    sortField: "NUMBER",
    key: true,
    nowrap: true,
    cell: (row) => (
      <Link component={RouterLink} to={entryPath("receivable", row.invoiceNumber)} sx={{ fontWeight: 600 }}>
        {row.invoiceNumber}
      </Link>
    ),
  },
  { id: "party", header: LABELS.PARTY, sortField: "PARTY", cell: (row) => row.customerPayer },
  { id: "date", header: LABELS.DATE, sortField: "DATE", nowrap: true, cell: (row) => dayText(row.dueDate) },
  {
    id: "amount",
    header: LABELS.AMOUNT,
    sortField: "AMOUNT",
    align: "right",
    nowrap: true,
    cell: (row) => (
      <span style={{ fontVariantNumeric: "tabular-nums" }}>{formatCents(row.amountDueCents)}</span>
    ),
  },
  {
    id: "status",
    header: LABELS.STATUS,
    sortField: "STATUS",
    cell: (row) => <StatusChip status={row.status} pastDue={row.pastDue} daysPastDue={row.daysPastDue} />,
  },
  {
    id: "actions",
    header: "Actions",
    cell: (row) => (
      <ActionsCell trackingLink={row.trackingLink ?? null} label={`invoice ${row.invoiceNumber}`} />
    ),
  },
];

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
