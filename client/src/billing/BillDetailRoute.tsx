import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { BILLING_TEXTS } from "../../../common/billing.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import BillDetailPageQueryNode, {
  type BillDetailPageQuery,
} from "./__generated__/BillDetailPageQuery.graphql";
import { BillDetailPage } from "./BillDetailPage.tsx";

/** /admin/ila/billing/accounts-payable/{billNumber}: the bill's edit form. */
export default function BillDetailRoute() {
  const { billNumber = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<BillDetailPageQuery>(BillDetailPageQueryNode);
  useEffect(() => loadQuery({ billNumber }, { fetchPolicy: "store-and-network" }), [loadQuery, billNumber]);
  return (
    <ErrorBoundary
      key={billNumber}
      message={BILLING_TEXTS.oneFetchFailed}
      onRetry={() => loadQuery({ billNumber }, { fetchPolicy: "network-only" })}
    >
      <Suspense fallback={<Loading />}>
        {queryRef ? <BillDetailPage queryRef={queryRef} /> : <Loading />}
      </Suspense>
    </ErrorBoundary>
  );
}
