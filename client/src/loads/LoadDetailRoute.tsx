import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import LoadDetailPageQueryNode, {
  type LoadDetailPageQuery,
} from "./__generated__/LoadDetailPageQuery.graphql";
import { LoadDetailPage } from "./LoadDetailPage.tsx";
import { LOAD_FETCH_FAILED } from "./messages.ts";

/** /admin/ila/load/{loadId}: the load's edit form. */
export default function LoadDetailRoute() {
  const { loadId = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<LoadDetailPageQuery>(LoadDetailPageQueryNode);
  useEffect(() => loadQuery({ loadId }, { fetchPolicy: "store-and-network" }), [loadQuery, loadId]);
  return (
    <ErrorBoundary
      key={loadId}
      message={LOAD_FETCH_FAILED}
      onRetry={() => loadQuery({ loadId }, { fetchPolicy: "network-only" })}
    >
      <Suspense fallback={<Loading />}>
        {queryRef ? <LoadDetailPage loadId={loadId} queryRef={queryRef} /> : <Loading />}
      </Suspense>
    </ErrorBoundary>
  );
}
