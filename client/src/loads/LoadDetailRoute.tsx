import { Suspense, useEffect, useState } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { Loading } from "../ui/Loading.tsx";
import { QueryErrorBoundary } from "../ui/QueryErrorBoundary.tsx";
import LoadDetailPageQueryNode, {
  type LoadDetailPageQuery,
} from "./__generated__/LoadDetailPageQuery.graphql";
import { LoadDetailPage } from "./LoadDetailPage.tsx";
import { LOAD_FETCH_FAILED } from "./messages.ts";

/** /admin/ila/load/{loadId}: the load's edit form. */
export default function LoadDetailRoute() {
  const { loadId = "" } = useParams();
  const [attempt, setAttempt] = useState(0);
  const [queryRef, loadQuery] = useQueryLoader<LoadDetailPageQuery>(LoadDetailPageQueryNode);
  useEffect(
    () => loadQuery({ loadId }, { fetchPolicy: attempt === 0 ? "store-and-network" : "network-only" }),
    [loadQuery, loadId, attempt],
  );
  return (
    <QueryErrorBoundary
      key={loadId}
      message={LOAD_FETCH_FAILED}
      onRetry={() => setAttempt((count) => count + 1)}
    >
      <Suspense fallback={<Loading />}>
        {queryRef ? <LoadDetailPage loadId={loadId} queryRef={queryRef} /> : <Loading />}
      </Suspense>
    </QueryErrorBoundary>
  );
}
