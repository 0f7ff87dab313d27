import { useCallback } from "react";
import { graphql } from "react-relay";
import type { MutationHandlers } from "../relay/mutation-failure.ts";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useBookingMutationsAcceptMutation as AcceptMutation } from "./__generated__/useBookingMutationsAcceptMutation.graphql";
import type { useBookingMutationsBookMutation as BookMutation } from "./__generated__/useBookingMutationsBookMutation.graphql";
import type { useBookingMutationsCounterMutation as CounterMutation } from "./__generated__/useBookingMutationsCounterMutation.graphql";
import type { useBookingMutationsDeclineMutation as DeclineMutation } from "./__generated__/useBookingMutationsDeclineMutation.graphql";

const bookMutation = graphql`
  mutation useBookingMutationsBookMutation($input: BookOfferInput!) {
    bookOffer(input: $input) {
      __typename
      ... on MutationBookOfferSuccess {
        data {
          offer {
            id
            loadId
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const acceptMutation = graphql`
  mutation useBookingMutationsAcceptMutation($input: AnswerCounterInput!) {
    acceptCounter(input: $input) {
      __typename
      ... on MutationAcceptCounterSuccess {
        data {
          offer {
            id
            loadId
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const declineMutation = graphql`
  mutation useBookingMutationsDeclineMutation($input: AnswerCounterInput!) {
    declineCounter(input: $input) {
      __typename
      ... on MutationDeclineCounterSuccess {
        data {
          bid {
            id
            counter {
              status
            }
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const counterMutation = graphql`
  mutation useBookingMutationsCounterMutation($input: CounterBidInput!) {
    counterBid(input: $input) {
      __typename
      ... on MutationCounterBidSuccess {
        data {
          bid {
            id
            ...BidderRow_bid
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

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
  const [run, isInFlight] = useAppMutation<BookMutation, ReturnType<typeof pickBook>>(bookMutation, pickBook);
  const book = useCallback(
    (offerId: string, handlers: MutationHandlers<BookData>) => run({ input: { offerId } }, handlers),
    [run],
  );
  return [book, isInFlight] as const;
}

/** `accept(bidId, handlers)` and `decline(bidId, handlers)`: the carrier answers a counter-offer. */
export function useAnswerCounterMutations() {
  const [runAccept, accepting] = useAppMutation<AcceptMutation, ReturnType<typeof pickAccept>>(
    acceptMutation,
    pickAccept,
  );
  const [runDecline, declining] = useAppMutation<DeclineMutation, ReturnType<typeof pickDecline>>(
    declineMutation,
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
  const [run, isInFlight] = useAppMutation<CounterMutation, ReturnType<typeof pickCounter>>(
    counterMutation,
    pickCounter,
  );
  const counter = useCallback(
    (bidId: string, amount: number, note: string | null, handlers: MutationHandlers<CounterData>) =>
      run({ input: { bidId, amount, note } }, handlers),
    [run],
  );
  return [counter, isInFlight] as const;
}
