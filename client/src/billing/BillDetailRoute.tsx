import { useParams } from "react-router-dom";
import { BILLING_TEXTS } from "../../../common/billing.ts";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import BillDetailPageQueryNode, {
  type BillDetailPageQuery,
} from "./__generated__/BillDetailPageQuery.graphql";
import { BillDetailPage } from "./BillDetailPage.tsx";

/** /admin/ila/billing/accounts-payable/{billNumber}: the bill's edit form. */
export default function BillDetailRoute() {
  const { billNumber = "" } = useParams();
  const { queryRef, retry } = usePageQuery<BillDetailPageQuery>(BillDetailPageQueryNode, { billNumber });
  return (
    <QueryBoundary
      queryRef={queryRef}
      resetKey={billNumber}
      message={BILLING_TEXTS.oneFetchFailed}
      onRetry={retry}
    >
      {(loaded) => <BillDetailPage queryRef={loaded} />}
    </QueryBoundary>
  );
}
