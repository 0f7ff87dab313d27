import { useEffect, useMemo, useRef } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useTrackingUpdatedSubscription as TrackingUpdatedSubscription } from "./__generated__/useTrackingUpdatedSubscription.graphql";

const subscription = graphql`
  subscription useTrackingUpdatedSubscription {
    trackingUpdated {
      id
      routeNumber
      lastPosition {
        lat
        lng
      }
      ...TrackingRow_route
    }
  }
`;

export interface LiveRoute {
  id: string;
  routeNumber: string;
  lastPosition: { lat: number; lng: number } | null | undefined;
}

/** Every tracked route after each batch of positions: rows update in place, the map moves trucks. */
export function useTrackingUpdatedSubscription(onRoute?: (route: LiveRoute) => void) {
  const latest = useRef(onRoute);
  useEffect(() => {
    latest.current = onRoute;
  }, [onRoute]);
  const config = useMemo<GraphQLSubscriptionConfig<TrackingUpdatedSubscription>>(
    () => ({
      subscription,
      variables: {},
      onNext: (response) => {
        const route = response?.trackingUpdated;
        if (route) latest.current?.(route);
      },
    }),
    [],
  );
  useSubscription(config);
}
