import { useCallback } from "react";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import type { MutationHandlers } from "../relay/mutation-failure.ts";
import { useDeferredAppMutation } from "../relay/mutation-result.ts";
import { warmable } from "../ui/deferred.tsx";
import type { bidMutationsFoldBidMutation as FoldMutation } from "./__generated__/bidMutationsFoldBidMutation.graphql";
import type { bidMutationsPlaceBidMutation as PlaceMutation } from "./__generated__/bidMutationsPlaceBidMutation.graphql";

// The documents load when a mutation is first sent (or once the first screen is up and idle).
const documents = warmable(() => import("./bidMutations.ts"));
const placeBidMutation = async () => (await documents()).placeBidMutation;
const foldBidMutation = async () => (await documents()).foldBidMutation;

const pickPlace = (response: PlaceMutation["response"]) => response.placeBid;
const pickFold = (response: FoldMutation["response"]) => response.foldBid;

/**
 * The carrier's bid shows in its row at once (and as the best offer when it is lower); Relay
 * drops this change when the server answers, whatever the answer: the server's offer replaces it
 * on success, the row comes back as it was on a refusal.
 */
export function showBidAtOnce(offerId: string, amount: number) {
  return (store: RecordSourceSelectorProxy) => {
    const offer = store.get(offerId);
    if (!offer) return;
    const bid = offer.getLinkedRecord("myBid") ?? store.create(`client:optimistic-bid:${offerId}`, "Bid");
    bid.setValue(amount, "amount");
    bid.setValue("active", "status");
    offer.setLinkedRecord(bid, "myBid");
    const best = offer.getValue("bestOffer");
    if (typeof best !== "number" || amount < best) offer.setValue(amount, "bestOffer");
  };
}

/** The carrier's bid shows folded at once; rolled back as above. */
export function showFoldAtOnce(offerId: string) {
  return (store: RecordSourceSelectorProxy) => {
    store.get(offerId)?.getLinkedRecord("myBid")?.setValue("folded", "status");
  };
}

type PlaceData = NonNullable<ReturnType<typeof pickPlace>["data"]>;
type FoldData = NonNullable<ReturnType<typeof pickFold>["data"]>;

/** `place(offerId, amount, {onSuccess, onFailure})`: optimistic; success data carries the server's message. */
export function usePlaceBidMutation() {
  const [run, isInFlight] = useDeferredAppMutation<PlaceMutation, ReturnType<typeof pickPlace>>(
    placeBidMutation,
    pickPlace,
  );
  const place = useCallback(
    (offerId: string, amount: number, handlers: MutationHandlers<PlaceData>) =>
      run({ input: { offerId, amount } }, handlers, { optimisticUpdater: showBidAtOnce(offerId, amount) }),
    [run],
  );
  return [place, isInFlight] as const;
}

/** `fold(offerId, {onSuccess, onFailure})`: optimistic; success data carries the bid and the offer's best. */
export function useFoldBidMutation() {
  const [run, isInFlight] = useDeferredAppMutation<FoldMutation, ReturnType<typeof pickFold>>(
    foldBidMutation,
    pickFold,
  );
  const fold = useCallback(
    (offerId: string, handlers: MutationHandlers<FoldData>) =>
      run({ input: { offerId } }, handlers, { optimisticUpdater: showFoldAtOnce(offerId) }),
    [run],
  );
  return [fold, isInFlight] as const;
}
