import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useRouteChangedSubscription as RouteChangedSubscription } from "./__generated__/useRouteChangedSubscription.graphql";

const subscription = graphql`
  subscription useRouteChangedSubscription {
    routeChanged {
      id
      ...RouteRow_route
      ...RouteForm_route
    }
  }
`;

/** A colleague's change to any route updates its row and its detail form in place. */
export function useRouteChangedSubscription() {
  const config = useMemo<GraphQLSubscriptionConfig<RouteChangedSubscription>>(
    () => ({ subscription, variables: {} }),
    [],
  );
  useSubscription(config);
}
