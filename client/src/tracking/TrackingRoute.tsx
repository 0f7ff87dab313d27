import { Suspense, useEffect, useState } from "react";
import { useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import TrackingListPageQueryNode, {
  type TrackingListPageQuery,
} from "./__generated__/TrackingListPageQuery.graphql";
import { TrackingListPage } from "./TrackingListPage.tsx";
import { criteriaFromParams, variablesOf } from "./tracking-criteria.ts";

/** /admin/ila/tracking: every tracked truck on a map, and the routes below it. */
export default function TrackingRoute() {
  const [params] = useSearchParams();
  const [start, setStart] = useState(() => ({ attempt: 0, criteria: criteriaFromParams(params) }));
  const [queryRef, loadQuery] = useQueryLoader<TrackingListPageQuery>(TrackingListPageQueryNode);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; a retry loads itself
  useEffect(() => loadQuery(variablesOf(start.criteria), { fetchPolicy: "store-and-network" }), [loadQuery]);
  const handleRetry = () => {
    const criteria = criteriaFromParams(new URLSearchParams(window.location.search));
    setStart((current) => ({ attempt: current.attempt + 1, criteria }));
    loadQuery(variablesOf(criteria), { fetchPolicy: "network-only" });
  };
  const loading = <Loading label={TRACKING_TEXTS.loading} />;
  return (
    <ErrorBoundary message="The tracking data could not be loaded." onRetry={handleRetry}>
      <Suspense fallback={loading}>
        {queryRef ? (
          <TrackingListPage key={start.attempt} queryRef={queryRef} initialCriteria={start.criteria} />
        ) : (
          loading
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
