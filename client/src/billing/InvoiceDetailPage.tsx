import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery, useRefetchableFragment } from "react-relay";
import { dayText } from "../../../common/billing.ts";
import { centsToDecimal } from "../../../common/money.ts";
import { downloadFile } from "../lib/download.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { InvoiceDetailPage_invoice$key } from "./__generated__/InvoiceDetailPage_invoice.graphql";
import type { InvoiceDetailPageQuery } from "./__generated__/InvoiceDetailPageQuery.graphql";
import type { InvoiceDetailPageRefetchQuery } from "./__generated__/InvoiceDetailPageRefetchQuery.graphql";
import { EntryForm } from "./EntryForm.tsx";
import { EntryNotFound } from "./EntryNotFound.tsx";
import { lineValuesOf } from "./entry-form.ts";
import { useUpdateInvoiceMutation } from "./useUpdateInvoiceMutation.ts";

export const invoiceDetailPageQuery = graphql`
  query InvoiceDetailPageQuery($invoiceNumber: String!) {
    invoice(invoiceNumber: $invoiceNumber) {
      id
      ...InvoiceDetailPage_invoice
    }
  }
`;

interface InvoiceDetailPageProps {
  queryRef: PreloadedQuery<InvoiceDetailPageQuery>;
}

export function InvoiceDetailPage({ queryRef }: InvoiceDetailPageProps) {
  const { invoice } = usePreloadedQuery<InvoiceDetailPageQuery>(invoiceDetailPageQuery, queryRef);
  if (!invoice) return <EntryNotFound ledger="receivable" number={queryRef.variables.invoiceNumber} />;
  return (
    <>
      <InvoiceEditor key={invoice.id} invoice={invoice} />
      <HistoryPanel entityType="Invoice" entityId={invoice.id} />
    </>
  );
}

function InvoiceEditor({ invoice }: { invoice: InvoiceDetailPage_invoice$key }) {
  const [data, refetch] = useRefetchableFragment<
    InvoiceDetailPageRefetchQuery,
    InvoiceDetailPage_invoice$key
  >(
    graphql`
      fragment InvoiceDetailPage_invoice on Invoice @refetchable(queryName: "InvoiceDetailPageRefetchQuery") {
        invoiceNumber
        version
        customerPayer
        dueDate
        amountDueCents
        status
        trackingLink
        podDocumentUrl
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
    invoice,
  );
  const [save, saving] = useUpdateInvoiceMutation();
  // After a refused save the entry is fetched again and the form starts over from it.
  const [reloads, setReloads] = useState(0);
  return (
    <>
      <PageTitle>{`ILA / Billing / Accounts Receivable / ${data.invoiceNumber}`}</PageTitle>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Invoice #{data.invoiceNumber}
      </Typography>
      <EntryForm
        key={reloads}
        ledger="receivable"
        number={data.invoiceNumber}
        initial={{
          party: data.customerPayer,
          date: dayText(data.dueDate),
          amount: centsToDecimal(data.amountDueCents),
          status: data.status as "pending",
        }}
        initialLines={lineValuesOf(data.lines)}
        extra={
          data.podDocumentUrl ? (
            <Typography variant="body2">
              Drafted on the proof of delivery:{" "}
              <Button
                size="small"
                variant="outlined"
                onClick={() => {
                  if (data.podDocumentUrl)
                    void downloadFile(data.podDocumentUrl, `pod-${data.invoiceNumber}`).catch(() => {});
                }}
              >
                Download POD
              </Button>
            </Typography>
          ) : null
        }
        loadId={data.load?.loadId ?? null}
        trackingLink={data.trackingLink ?? null}
        version={data.version}
        saving={saving}
        reload={(done) => refetch({}, { fetchPolicy: "network-only", onComplete: done })}
        onReloaded={() => setReloads((count) => count + 1)}
        onSave={(values, loadId, lines, expectedVersion, handlers) =>
          save(
            {
              input: {
                invoiceNumber: data.invoiceNumber,
                customerPayer: values.party,
                dueDate: values.date,
                amountDue: values.amount,
                status: values.status || null,
                loadId: loadId.trim() || null,
                lines,
                expectedVersion,
              },
            },
            {
              onSuccess: (saved) => handlers.onSuccess({ version: saved.invoice.version }),
              onFailure: handlers.onFailure,
            },
          )
        }
      />
    </>
  );
}
