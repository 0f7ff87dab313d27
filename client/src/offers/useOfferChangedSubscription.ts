import { useEffect, useMemo, useRef } from "react";
import { graphql, useSubscription } from "react-relay";
import {
  type Disposable,
  type Environment,
  type GraphQLSubscriptionConfig,
  requestSubscription,
} from "relay-runtime";
import { WHEN_LIVE } from "../relay/environment.ts";
import type { useOfferChangedSubscription as OfferChangedSubscription } from "./__generated__/useOfferChangedSubscription.graphql";

const subscription = graphql`
  subscription useOfferChangedSubscription($offerId: ID) {
    offerChanged(offerId: $offerId) {
      id
      status
      bestOffer
      roundEnds
      roundEndsAt
      roundNumber
      bookNowPrice
      myBid {
        id
        amount
        status
        counter {
          amount
          note
          status
          expiresAt
        }
      }
      myBidRank
    }
  }
`;

/**
 * Offers the viewer may see, as they open, get bids, close rounds or are decided: the store
 * updates the rows it holds; `onChanged` lets a list fetch offers it does not show yet.
 */
export function useOfferChangedSubscription(
  offerId: string | null,
  onChanged?: (id: string, status: string) => void,
) {
  const latest = useRef(onChanged);
  useEffect(() => {
    latest.current = onChanged;
  }, [onChanged]);
  const config = useMemo<GraphQLSubscriptionConfig<OfferChangedSubscription>>(
    () => ({
      subscription,
      variables: { offerId },
      onNext: (response) => {
        const offer = response?.offerChanged;
        if (offer) latest.current?.(offer.id, offer.status);
      },
    }),
    [offerId],
  );
  useSubscription(config);
}

/**
 * The same subscription outside a component, for a screen that starts it after its first showing
 * (`useLiveActiveOffers`): `whenLive` runs once it is live on the server (relay/environment.ts).
 */
export function subscribeToOfferChanges(
  environment: Environment,
  onChanged: (id: string, status: string) => void,
  whenLive: () => void,
): Disposable {
  return requestSubscription<OfferChangedSubscription>(environment, {
    subscription,
    variables: { offerId: null },
    cacheConfig: { metadata: { [WHEN_LIVE]: whenLive } },
    onNext: (response) => {
      const offer = response?.offerChanged;
      if (offer) onChanged(offer.id, offer.status);
    },
  });
}
