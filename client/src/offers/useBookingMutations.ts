import { useCallback } from "react";
import type { MutationHandlers } from "../relay/mutation-failure.ts";
import { useDeferredAppMutation } from "../relay/mutation-result.ts";
import { warmable } from "../ui/deferred.tsx";
import type { bidMutationsAcceptCounterMutation as AcceptMutation } from "./__generated__/bidMutationsAcceptCounterMutation.graphql";
import type { bidMutationsBookOfferMutation as BookMutation } from "./__generated__/bidMutationsBookOfferMutation.graphql";
import type { bidMutationsCounterBidMutation as CounterMutation } from "./__generated__/bidMutationsCounterBidMutation.graphql";
import type { bidMutationsDeclineCounterMutation as DeclineMutation } from "./__generated__/bidMutationsDeclineCounterMutation.graphql";

// The documents load when a mutation is first sent (or once the first screen is up and idle).
const documents = warmable(() => import("./bidMutations.ts"));
const bookOfferMutation = async () => (await documents()).bookOfferMutation;
const acceptCounterMutation = async () => (await documents()).acceptCounterMutation;
const declineCounterMutation = async () => (await documents()).declineCounterMutation;
const counterBidMutation = async () => (await documents()).counterBidMutation;

const pickBook = (response: BookMutation["response"]) => response.bookOffer;
const pickAccept = (response: AcceptMutation["response"]) => response.acceptCounter;
const pickDecline = (response: DeclineMutation["response"]) => response.declineCounter;
const pickCounter = (response: CounterMutation["response"]) => response.counterBid;

type BookData = NonNullable<ReturnType<typeof pickBook>["data"]>;
type AcceptData = NonNullable<ReturnType<typeof pickAccept>["data"]>;
type DeclineData = NonNullable<ReturnType<typeof pickDecline>["data"]>;
type CounterData = NonNullable<ReturnType<typeof pickCounter>["data"]>;

/** `book(offerId, handlers)`: the carrier books the offer at its Book Now price. */
export function useBookOfferMutation() {
  const [run, isInFlight] = useDeferredAppMutation<BookMutation, ReturnType<typeof pickBook>>(
    bookOfferMutation,
    pickBook,
  );
  const book = useCallback(
    (offerId: string, handlers: MutationHandlers<BookData>) => run({ input: { offerId } }, handlers),
    [run],
  );
  return [book, isInFlight] as const;
}

/** `accept(bidId, handlers)` and `decline(bidId, handlers)`: the carrier answers a counter-offer. */
export function useAnswerCounterMutations() {
  const [runAccept, accepting] = useDeferredAppMutation<AcceptMutation, ReturnType<typeof pickAccept>>(
    acceptCounterMutation,
    pickAccept,
  );
  const [runDecline, declining] = useDeferredAppMutation<DeclineMutation, ReturnType<typeof pickDecline>>(
    declineCounterMutation,
    pickDecline,
  );
  const accept = useCallback(
    (bidId: string, handlers: MutationHandlers<AcceptData>) => runAccept({ input: { bidId } }, handlers),
    [runAccept],
  );
  const decline = useCallback(
    (bidId: string, handlers: MutationHandlers<DeclineData>) => runDecline({ input: { bidId } }, handlers),
    [runDecline],
  );
  return { accept, decline, busy: accepting || declining } as const;
}

/** `counter(bidId, amount, note, handlers)`: the operator counters a bid. */
export function useCounterBidMutation() {
  const [run, isInFlight] = useDeferredAppMutation<CounterMutation, ReturnType<typeof pickCounter>>(
    counterBidMutation,
    pickCounter,
  );
  const counter = useCallback(
    (bidId: string, amount: number, note: string | null, handlers: MutationHandlers<CounterData>) =>
      run({ input: { bidId, amount, note } }, handlers),
    [run],
  );
  return [counter, isInFlight] as const;
}
