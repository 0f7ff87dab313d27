import { useEffect, useMemo, useRef } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useOfferBidChangedSubscription as OfferBidChangedSubscription } from "./__generated__/useOfferBidChangedSubscription.graphql";
import { useOfferChangedSubscription } from "./useOfferChangedSubscription.ts";

const subscription = graphql`
  subscription useOfferBidChangedSubscription($offerId: ID!) {
    offerBidChanged(offerId: $offerId) {
      id
      ...BidderRow_bid
    }
  }
`;

/** Each bid of the offer as it is placed, improved, folded or decided (admins). */
export function useOfferBidChangedSubscription(offerId: string, onChanged: (bidId: string) => void) {
  const latest = useRef(onChanged);
  useEffect(() => {
    latest.current = onChanged;
  }, [onChanged]);
  const config = useMemo<GraphQLSubscriptionConfig<OfferBidChangedSubscription>>(
    () => ({
      subscription,
      variables: { offerId },
      onNext: (response) => {
        const id = response?.offerBidChanged.id;
        if (id) latest.current(id);
      },
    }),
    [offerId],
  );
  useSubscription(config);
}

/** Renders nothing: watches one offer and its bids while mounted (only when there is an offer). */
export function OfferLiveUpdates({ offerId, onBid }: { offerId: string; onBid(bidId: string): void }) {
  useOfferBidChangedSubscription(offerId, onBid);
  useOfferChangedSubscription(offerId);
  return null;
}
