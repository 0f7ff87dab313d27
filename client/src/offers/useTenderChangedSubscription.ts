import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useTenderChangedSubscription as TenderSubscription } from "./__generated__/useTenderChangedSubscription.graphql";

const subscription = graphql`
  subscription useTenderChangedSubscription($loadId: String!) {
    tenderChanged(loadId: $loadId) {
      id
      ...TenderCard_tender
    }
  }
`;

/**
 * The load's tender as it is made, answered, expires or passes on (the carrier's and the
 * operator's screens): the new tender replaces the one the card shows.
 */
export function useTenderChangedSubscription(loadId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<TenderSubscription>>(
    () => ({
      subscription,
      variables: { loadId },
      updater: (store) => {
        const tender = store.getRootField("tenderChanged");
        const root = store.getRoot();
        if (tender) root.setLinkedRecord(tender, "tender", { loadId });
        else root.setValue(null, "tender", { loadId });
      },
    }),
    [loadId],
  );
  useSubscription(config);
}
