import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery, useRefetchableFragment } from "react-relay";
import { dayText } from "../../../common/billing.ts";
import { centsToDecimal, formatCents } from "../../../common/money.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { BillDetailPage_bill$key } from "./__generated__/BillDetailPage_bill.graphql";
import type { BillDetailPageQuery } from "./__generated__/BillDetailPageQuery.graphql";
import type { BillDetailPageRefetchQuery } from "./__generated__/BillDetailPageRefetchQuery.graphql";
import { EntryForm } from "./EntryForm.tsx";
import { EntryNotFound } from "./EntryNotFound.tsx";
import { lineValuesOf } from "./entry-form.ts";
import { TonuDecision } from "./TonuDecision.tsx";
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
  const [data, refetch] = useRefetchableFragment<BillDetailPageRefetchQuery, BillDetailPage_bill$key>(
    graphql`
      fragment BillDetailPage_bill on Bill @refetchable(queryName: "BillDetailPageRefetchQuery") {
        billNumber
        version
        carrier
        paymentDate
        amountCents
        status
        trackingLink
        rateConfirmationUrl
        tonuProposedAmount
        quickPay {
          requestedAt
          feePercent
          feeCents
          netAmountCents
        }
        lines {
          kind
          description
          amountCents
        }
        load {
          loadId
        }
      }
    `,
    bill,
  );
  const [save, saving] = useUpdateBillMutation();
  // After a refused save the entry is fetched again and the form starts over from it.
  const [reloads, setReloads] = useState(0);
  return (
    <>
      <PageTitle>{`ILA / Billing / Accounts Payable / ${data.billNumber}`}</PageTitle>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Bill #{data.billNumber}
      </Typography>
      <TonuDecision
        billNumber={data.billNumber}
        proposedAmount={data.tonuProposedAmount ?? null}
        onDecided={() => setReloads((count) => count + 1)}
      />
      <EntryForm
        key={reloads}
        ledger="payable"
        number={data.billNumber}
        initial={{
          party: data.carrier,
          date: dayText(data.paymentDate),
          amount: centsToDecimal(data.amountCents),
          status: data.status as "pending",
        }}
        initialLines={lineValuesOf(data.lines)}
        extra={
          <>
            {data.quickPay ? (
              <Typography variant="body2" data-testid="bill-quick-pay">
                Quick pay asked {dayText(data.quickPay.requestedAt)}: fee {data.quickPay.feePercent}% (
                {formatCents(data.quickPay.feeCents)}), pays {formatCents(data.quickPay.netAmountCents)}.
              </Typography>
            ) : null}
          </>
        }
        loadId={data.load?.loadId ?? null}
        trackingLink={data.trackingLink ?? null}
        rateConfirmationUrl={data.rateConfirmationUrl ?? null}
        version={data.version}
        saving={saving}
        reload={(done) => refetch({}, { fetchPolicy: "network-only", onComplete: done })}
        onReloaded={() => setReloads((count) => count + 1)}
        onSave={(values, loadId, lines, expectedVersion, handlers) =>
          save(
            {
              input: {
                billNumber: data.billNumber,
                carrier: values.party,
                paymentDate: values.date,
                amount: values.amount,
                status: values.status || null,
                loadId: loadId.trim() || null,
                lines,
                expectedVersion,
              },
            },
            {
              onSuccess: (saved) => handlers.onSuccess({ version: saved.bill.version }),
              onFailure: handlers.onFailure,
            },
          )
        }
      />
    </>
  );
}
