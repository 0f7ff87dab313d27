import { useParams } from "react-router-dom";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import TrackingDetailPageQueryNode, {
  type TrackingDetailPageQuery,
} from "./__generated__/TrackingDetailPageQuery.graphql";
import { TrackingDetailPage } from "./TrackingDetailPage.tsx";

/** /admin/ila/tracking/{routeNumber}: the truck on the dark map, its stops and arrival times. */
export default function TrackingDetailRoute() {
  const { routeNumber = "" } = useParams();
  // Positions move all the time: the screen never starts from what the store remembers.
  const { queryRef, retry } = usePageQuery<TrackingDetailPageQuery>(
    TrackingDetailPageQueryNode,
    { routeNumber },
    "network-only",
  );
  return (
    <QueryBoundary
      queryRef={queryRef}
      resetKey={routeNumber}
      message={TRACKING_TEXTS.mapError}
      onRetry={retry}
      loadingLabel={TRACKING_TEXTS.loading}
    >
      {(loaded) => <TrackingDetailPage routeNumber={routeNumber} queryRef={loaded} />}
    </QueryBoundary>
  );
}
