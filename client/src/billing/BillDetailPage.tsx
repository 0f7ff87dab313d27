import Typography from "@mui/material/Typography";
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery } from "react-relay";
import { dayText } from "../../../common/billing.ts";
import { centsToDecimal } from "../../../common/money.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { BillDetailPage_bill$key } from "./__generated__/BillDetailPage_bill.graphql";
import type { BillDetailPageQuery } from "./__generated__/BillDetailPageQuery.graphql";
import { EntryForm } from "./EntryForm.tsx";
import { EntryNotFound } from "./EntryNotFound.tsx";
import { useUpdateBillMutation } from "./useUpdateBillMutation.ts";

export const billDetailPageQuery = graphql`
  query BillDetailPageQuery($billNumber: String!) {
    bill(billNumber: $billNumber) {
      id
      ...BillDetailPage_bill
    }
  }
`;

interface BillDetailPageProps {
  queryRef: PreloadedQuery<BillDetailPageQuery>;
}

export function BillDetailPage({ queryRef }: BillDetailPageProps) {
  const { bill } = usePreloadedQuery<BillDetailPageQuery>(billDetailPageQuery, queryRef);
  if (!bill) return <EntryNotFound ledger="payable" number={queryRef.variables.billNumber} />;
  return (
    <>
      <BillEditor key={bill.id} bill={bill} />
      <HistoryPanel entityType="Bill" entityId={bill.id} />
    </>
  );
}

function BillEditor({ bill }: { bill: BillDetailPage_bill$key }) {
  const data = useFragment(
    graphql`
      fragment BillDetailPage_bill on Bill {
        billNumber
        carrier
        paymentDate
        amountCents
        status
        trackingLink
        rateConfirmationUrl
        load {
          loadId
        }
      }
    `,
    bill,
  );
  const [save, saving] = useUpdateBillMutation();
  return (
    <>
      <PageTitle>{`ILA / Billing / Accounts Payable / ${data.billNumber}`}</PageTitle>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Bill #{data.billNumber}
      </Typography>
      <EntryForm
        ledger="payable"
        number={data.billNumber}
        initial={{
          party: data.carrier,
          date: dayText(data.paymentDate),
          amount: centsToDecimal(data.amountCents),
          status: data.status as "pending",
        }}
        loadId={data.load?.loadId ?? null}
        trackingLink={data.trackingLink ?? null}
        rateConfirmationUrl={data.rateConfirmationUrl ?? null}
        saving={saving}
        onSave={(values, loadId, handlers) =>
          save(
            {
              input: {
                billNumber: data.billNumber,
                carrier: values.party,
                paymentDate: values.date,
                amount: values.amount,
                status: values.status || null,
                loadId: loadId.trim() || null,
              },
            },
            handlers,
          )
        }
      />
    </>
  );
}
