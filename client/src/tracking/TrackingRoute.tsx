import { Suspense } from "react";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { useListQuery } from "../ui/list/useListQuery.ts";
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
  const loading = <Loading label={TRACKING_TEXTS.loading} />;
  return (
    <ErrorBoundary message="The tracking data could not be loaded." onRetry={retry}>
      <Suspense fallback={loading}>
        {queryRef ? <TrackingListPage key={attempt} queryRef={queryRef} /> : loading}
      </Suspense>
    </ErrorBoundary>
  );
}
