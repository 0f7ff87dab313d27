import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import TrackingDetailPageQueryNode, {
  type TrackingDetailPageQuery,
} from "./__generated__/TrackingDetailPageQuery.graphql";
import { TrackingDetailPage } from "./TrackingDetailPage.tsx";

/** /admin/ila/tracking/{routeNumber}: the truck on the dark map, its stops and arrival times. */
export default function TrackingDetailRoute() {
  const { routeNumber = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<TrackingDetailPageQuery>(TrackingDetailPageQueryNode);
  useEffect(() => loadQuery({ routeNumber }, { fetchPolicy: "network-only" }), [loadQuery, routeNumber]);
  const loading = <Loading label={TRACKING_TEXTS.loading} />;
  return (
    <ErrorBoundary
      key={routeNumber}
      message={TRACKING_TEXTS.mapError}
      onRetry={() => loadQuery({ routeNumber }, { fetchPolicy: "network-only" })}
    >
      <Suspense fallback={loading}>
        {queryRef ? <TrackingDetailPage routeNumber={routeNumber} queryRef={queryRef} /> : loading}
      </Suspense>
    </ErrorBoundary>
  );
}
