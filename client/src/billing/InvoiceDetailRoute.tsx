import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { BILLING_TEXTS } from "../../../common/billing.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import InvoiceDetailPageQueryNode, {
  type InvoiceDetailPageQuery,
} from "./__generated__/InvoiceDetailPageQuery.graphql";
import { InvoiceDetailPage } from "./InvoiceDetailPage.tsx";

/** /admin/ila/billing/accounts-receivable/{invoiceNumber}: the invoice's edit form. */
export default function InvoiceDetailRoute() {
  const { invoiceNumber = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<InvoiceDetailPageQuery>(InvoiceDetailPageQueryNode);
  useEffect(
    () => loadQuery({ invoiceNumber }, { fetchPolicy: "store-and-network" }),
    [loadQuery, invoiceNumber],
  );
  return (
    <ErrorBoundary
      key={invoiceNumber}
      message={BILLING_TEXTS.oneFetchFailed}
      onRetry={() => loadQuery({ invoiceNumber }, { fetchPolicy: "network-only" })}
    >
      <Suspense fallback={<Loading />}>
        {queryRef ? <InvoiceDetailPage queryRef={queryRef} /> : <Loading />}
      </Suspense>
    </ErrorBoundary>
  );
}
