import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { dayText } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { BillRow_bill$data, BillRow_bill$key } from "./__generated__/BillRow_bill.graphql";
import { ActionsCell } from "./ActionsCell.tsx";
import { entryPath, SORT_LABELS, type SortField } from "./billing-criteria.ts";
import { StatusChip } from "./StatusChip.tsx";

const LABELS = SORT_LABELS.payable;

/** Spec section 2: the ledger's columns, in order; every one but Actions sorts it. */
export const BILL_COLUMNS: readonly Column<BillRow_bill$data, SortField>[] = [
  {
    id: "number",
    header: LABELS.NUMBER,
    sortField: "NUMBER",
    key: true,
    nowrap: true,
    cell: (row) => (
      <Link component={RouterLink} to={entryPath("payable", row.billNumber)} sx={{ fontWeight: 600 }}>
        {row.billNumber}
      </Link>
    ),
  },
  { id: "party", header: LABELS.PARTY, sortField: "PARTY", cell: (row) => row.carrier },
  {
    id: "date",
    header: LABELS.DATE,
    sortField: "DATE",
    nowrap: true,
    cell: (row) => dayText(row.paymentDate),
  },
  {
    id: "amount",
    header: LABELS.AMOUNT,
    sortField: "AMOUNT",
    align: "right",
    nowrap: true,
    cell: (row) => <span style={{ fontVariantNumeric: "tabular-nums" }}>{formatCents(row.amountCents)}</span>,
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
    cell: (row) => <ActionsCell trackingLink={row.trackingLink ?? null} label={`bill ${row.billNumber}`} />,
  },
];

interface BillRowProps {
  bill: BillRow_bill$key;
}

export function BillRow({ bill }: BillRowProps) {
  const data = useFragment(
    graphql`
      fragment BillRow_bill on Bill {
        billNumber
        carrier
        paymentDate
        amountCents
        status
        pastDue
        daysPastDue
        trackingLink
      }
    `,
    bill,
  );
  return <DataRow columns={BILL_COLUMNS} row={data} href={entryPath("payable", data.billNumber)} />;
}
