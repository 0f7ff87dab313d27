import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { dayText } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import type { InvoiceRow_invoice$key } from "./__generated__/InvoiceRow_invoice.graphql";
import { ActionsCell } from "./ActionsCell.tsx";
import { entryPath } from "./billing-criteria.ts";
import { StatusChip } from "./StatusChip.tsx";

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
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Link
          component={RouterLink}
          to={entryPath("receivable", data.invoiceNumber)}
          sx={{ fontWeight: 600 }}
        >
          {data.invoiceNumber}
        </Link>
      </TableCell>
      <TableCell>{data.customerPayer}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{dayText(data.dueDate)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {formatCents(data.amountDueCents)}
      </TableCell>
      <TableCell>
        <StatusChip status={data.status} pastDue={data.pastDue} daysPastDue={data.daysPastDue} />
      </TableCell>
      <TableCell>
        <ActionsCell trackingLink={data.trackingLink ?? null} label={`invoice ${data.invoiceNumber}`} />
      </TableCell>
    </TableRow>
  );
}
