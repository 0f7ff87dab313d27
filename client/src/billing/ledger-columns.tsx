import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router-dom";
import type { Ledger } from "../../../common/billing.ts";
import { formatCalendarDay } from "../../../common/date-time.ts";
import { formatCents } from "../../../common/money.ts";
import type { Column } from "../ui/table/columns.ts";
import { ActionsCell } from "./ActionsCell.tsx";
import { entryPath, SORT_LABELS, type SortField } from "./billing-criteria.ts";
import { StatusChip } from "./StatusChip.tsx";

/** What both ledgers' rows have in common. */
interface LedgerEntry {
  readonly status: string;
  readonly pastDue: boolean;
  readonly daysPastDue: number;
  readonly trackingLink?: string | null;
}

/** How a ledger's row reads its number, party, date and amount. */
interface LedgerFields<Row> {
  number(row: Row): string;
  party(row: Row): string;
  date(row: Row): string;
  amountCents(row: Row): number;
}

/** Spec section 2: a ledger's columns, in order, named as the ledger names them; all but Actions sort it. */
export function ledgerColumns<Row extends LedgerEntry>(
  ledger: Ledger,
  fields: LedgerFields<Row>,
): readonly Column<Row, SortField>[] {
  const labels = SORT_LABELS[ledger];
  const what = ledger === "receivable" ? "invoice" : "bill";
  return [
    {
      id: "number",
      header: labels.NUMBER,
      sortField: "NUMBER",
      key: true,
      nowrap: true,
      cell: (row) => (
        <Link component={RouterLink} to={entryPath(ledger, fields.number(row))} sx={{ fontWeight: 600 }}>
          {fields.number(row)}
        </Link>
      ),
    },
    { id: "party", header: labels.PARTY, sortField: "PARTY", cell: fields.party },
    {
      id: "date",
      header: labels.DATE,
      sortField: "DATE",
      nowrap: true,
      cell: (row) => formatCalendarDay(fields.date(row)),
    },
    {
      id: "amount",
      header: labels.AMOUNT,
      sortField: "AMOUNT",
      align: "right",
      nowrap: true,
      cell: (row) => (
        <span style={{ fontVariantNumeric: "tabular-nums" }}>{formatCents(fields.amountCents(row))}</span>
      ),
    },
    {
      id: "status",
      header: labels.STATUS,
      sortField: "STATUS",
      cell: (row) => <StatusChip status={row.status} pastDue={row.pastDue} daysPastDue={row.daysPastDue} />,
    },
    {
      id: "actions",
      header: "Actions",
      cell: (row) => (
        <ActionsCell trackingLink={row.trackingLink ?? null} label={`${what} ${fields.number(row)}`} />
      ),
    },
  ];
}
