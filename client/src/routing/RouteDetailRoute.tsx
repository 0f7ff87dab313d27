import { useParams } from "react-router-dom";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import RouteDetailPageQueryNode, {
  type RouteDetailPageQuery,
} from "./__generated__/RouteDetailPageQuery.graphql";
import { RouteDetailPage } from "./RouteDetailPage.tsx";

export const ROUTE_FETCH_FAILED = "The route could not be loaded.";

/** /admin/ila/routing/{routeNumber}: the route's loads, driver and stops, editable. */
export default function RouteDetailRoute() {
  const { routeNumber = "" } = useParams();
  const { queryRef, retry } = usePageQuery<RouteDetailPageQuery>(RouteDetailPageQueryNode, { routeNumber });
  return (
    <QueryBoundary queryRef={queryRef} resetKey={routeNumber} message={ROUTE_FETCH_FAILED} onRetry={retry}>
      {(loaded) => <RouteDetailPage routeNumber={routeNumber} queryRef={loaded} />}
    </QueryBoundary>
  );
}
