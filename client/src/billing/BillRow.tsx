import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { dayText } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import type { BillRow_bill$key } from "./__generated__/BillRow_bill.graphql";
import { ActionsCell } from "./ActionsCell.tsx";
import { entryPath } from "./billing-criteria.ts";
import { StatusChip } from "./StatusChip.tsx";

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
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Link component={RouterLink} to={entryPath("payable", data.billNumber)} sx={{ fontWeight: 600 }}>
          {data.billNumber}
        </Link>
      </TableCell>
      <TableCell>{data.carrier}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{dayText(data.paymentDate)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {formatCents(data.amountCents)}
      </TableCell>
      <TableCell>
        <StatusChip status={data.status} pastDue={data.pastDue} daysPastDue={data.daysPastDue} />
      </TableCell>
      <TableCell>
        <ActionsCell trackingLink={data.trackingLink ?? null} label={`bill ${data.billNumber}`} />
      </TableCell>
    </TableRow>
  );
}
