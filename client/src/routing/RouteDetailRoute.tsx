import { Suspense, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import RouteDetailPageQueryNode, {
  type RouteDetailPageQuery,
} from "./__generated__/RouteDetailPageQuery.graphql";
import { RouteDetailPage } from "./RouteDetailPage.tsx";

export const ROUTE_FETCH_FAILED = "The route could not be loaded.";

/** /admin/ila/routing/{routeNumber}: the route's loads, driver and stops, editable. */
export default function RouteDetailRoute() {
  const { routeNumber = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<RouteDetailPageQuery>(RouteDetailPageQueryNode);
  useEffect(() => loadQuery({ routeNumber }, { fetchPolicy: "store-and-network" }), [loadQuery, routeNumber]);
  return (
    <ErrorBoundary
      key={routeNumber}
      message={ROUTE_FETCH_FAILED}
      onRetry={() => loadQuery({ routeNumber }, { fetchPolicy: "network-only" })}
    >
      <Suspense fallback={<Loading />}>
        {queryRef ? <RouteDetailPage routeNumber={routeNumber} queryRef={queryRef} /> : <Loading />}
      </Suspense>
    </ErrorBoundary>
  );
}
