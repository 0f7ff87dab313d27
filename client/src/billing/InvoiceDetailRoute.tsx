import { useParams } from "react-router-dom";
import { BILLING_TEXTS } from "../../../common/billing.ts";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import InvoiceDetailPageQueryNode, {
  type InvoiceDetailPageQuery,
} from "./__generated__/InvoiceDetailPageQuery.graphql";
import { InvoiceDetailPage } from "./InvoiceDetailPage.tsx";

/** /admin/ila/billing/accounts-receivable/{invoiceNumber}: the invoice's edit form. */
export default function InvoiceDetailRoute() {
  const { invoiceNumber = "" } = useParams();
  const { queryRef, retry } = usePageQuery<InvoiceDetailPageQuery>(InvoiceDetailPageQueryNode, {
    invoiceNumber,
  });
  return (
    <QueryBoundary
      queryRef={queryRef}
      resetKey={invoiceNumber}
      message={BILLING_TEXTS.oneFetchFailed}
      onRetry={retry}
    >
      {(loaded) => <InvoiceDetailPage queryRef={loaded} />}
    </QueryBoundary>
  );
}
