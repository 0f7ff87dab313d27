import { useCallback, useMemo, useState } from "react";
import { useLazyLoadQuery } from "react-relay";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import { useAddressList } from "../ui/list/useAddressList.ts";
import type { PageKey } from "../ui/list/usePagedList.ts";
import { ACTIVE_OFFER_LIST, offerListVariables } from "./offer-lists.ts";
import { useOfferChangedSubscription } from "./useOfferChangedSubscription.ts";

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
  const handleChanged = useCallback(
    (id: string, status: string) => {
      if (!shown.has(id) || status !== "active") setLiveKey((key) => key + 1);
    },
    [shown],
  );
  useOfferChangedSubscription(null, handleChanged);
  list.answered(offers);
  return { list, offers, data };
}
