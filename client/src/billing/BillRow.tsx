import { graphql, useFragment } from "react-relay";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { BillRow_bill$data, BillRow_bill$key } from "./__generated__/BillRow_bill.graphql";
import { entryPath } from "./billing-criteria.ts";
import { ledgerColumns } from "./ledger-columns.tsx";

/** Spec section 2: the Accounts Payable columns. */
export const BILL_COLUMNS = ledgerColumns<BillRow_bill$data>("payable", {
  number: (row) => row.billNumber,
  party: (row) => row.carrier,
  date: (row) => row.paymentDate,
  amountCents: (row) => row.amountCents,
});

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
