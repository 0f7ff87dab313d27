import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { useListQuery } from "../ui/list/useListQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import TrackingListPageQueryNode, {
  type TrackingListPageQuery,
} from "./__generated__/TrackingListPageQuery.graphql";
import { TrackingListPage } from "./TrackingListPage.tsx";
import { TRACKING_LIST, variablesOf } from "./tracking-criteria.ts";

/** /admin/ila/tracking: every tracked truck on a map, and the routes below it. */
export default function TrackingRoute() {
  const { queryRef, retry, attempt } = useListQuery<TrackingListPageQuery, Record<string, never>, never>(
    TrackingListPageQueryNode,
    TRACKING_LIST,
    variablesOf,
  );
  return (
    <QueryBoundary
      queryRef={queryRef}
      resetKey={attempt}
      message="The tracking data could not be loaded."
      onRetry={retry}
      loadingLabel={TRACKING_TEXTS.loading}
    >
      {(loaded) => <TrackingListPage queryRef={loaded} />}
    </QueryBoundary>
  );
}
