import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useTrackedRouteUpdatedSubscription as TrackedRouteUpdatedSubscription } from "./__generated__/useTrackedRouteUpdatedSubscription.graphql";

/** The breadcrumb is not re-read per event: the map appends each new last position itself. */
const subscription = graphql`
  subscription useTrackedRouteUpdatedSubscription($routeNumber: String!) {
    trackedRouteUpdated(routeNumber: $routeNumber) {
      id
      lastPosition {
        lat
        lng
      }
      lastPositionAt
      ...RouteSummary_route
      ...StopTimesTable_route
    }
  }
`;

/** The route's truck, ETA and stop times move as positions arrive. */
export function useTrackedRouteUpdatedSubscription(routeNumber: string) {
  const config = useMemo<GraphQLSubscriptionConfig<TrackedRouteUpdatedSubscription>>(
    () => ({ subscription, variables: { routeNumber } }),
    [routeNumber],
  );
  useSubscription(config);
}
