import { useEffect, useMemo, useRef, useState } from "react";
import { useLazyLoadQuery, useRelayEnvironment } from "react-relay";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import { useAfterFirstScreen } from "../app/layout/useAfterFirstScreen.ts";
import { useAddressList } from "../ui/list/useAddressList.ts";
import type { PageKey } from "../ui/list/usePagedList.ts";
import { ACTIVE_OFFER_LIST, offerListVariables } from "./offer-lists.ts";

/** What both Active Offers queries answer besides each screen's own row fragment. */
interface ActiveOffersQuery extends OperationType {
  response: {
    readonly activeOffers: PageKey & {
      readonly edges: readonly { readonly node: { readonly id: string } }[];
    };
  };
}

/**
 * The Active Offers page of either side: the criteria in the address, the page they ask for, and a
 * fresh fetch when an offer the page does not show opens or a shown one leaves the list (decided,
 * cancelled). The query follows the address: a change re-renders with new variables.
 *
 * The live rows start once the first screen has shown and the browser is idle (graphql-ws and the
 * subscription's code are not part of the first screen, issue 27); once the subscription is live on
 * the server the page is fetched again, so nothing that changed between its answer and then is lost.
 */
export function useLiveActiveOffers<Query extends ActiveOffersQuery>(
  query: GraphQLTaggedNode,
  fetchKey: number,
) {
  const [liveKey, setLiveKey] = useState(0);
  const list = useAddressList(ACTIVE_OFFER_LIST);
  const data = useLazyLoadQuery<Query>(
    query,
    offerListVariables(ACTIVE_OFFER_LIST, list.criteria) as Query["variables"],
    {
      fetchPolicy: "store-and-network",
      fetchKey: `${fetchKey}-${liveKey}`,
    },
  );
  const offers: Query["response"]["activeOffers"] = data.activeOffers;
  const shown = useMemo(() => new Set(offers.edges.map((edge) => edge.node.id)), [offers.edges]);
  const shownNow = useRef(shown);
  useEffect(() => {
    shownNow.current = shown;
  }, [shown]);
  const environment = useRelayEnvironment();
  const afterFirstScreen = useAfterFirstScreen();
  useEffect(() => {
    if (!afterFirstScreen) return;
    let ended = false;
    let subscription: { dispose(): void } | null = null;
    const refetch = () => setLiveKey((key) => key + 1);
    import("./useOfferChangedSubscription.ts").then(
      ({ subscribeToOfferChanges }) => {
        if (ended) return;
        subscription = subscribeToOfferChanges(
          environment,
          (id, status) => {
            if (!shownNow.current.has(id) || status !== "active") refetch();
          },
          refetch,
        );
      },
      // The code did not load (offline for a moment): the rows stay as fetched, as with no socket.
      () => undefined,
    );
    return () => {
      ended = true;
      subscription?.dispose();
    };
  }, [afterFirstScreen, environment]);
  list.answered(offers);
  return { list, offers, data };
}
