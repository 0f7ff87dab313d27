import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { failureOfError, failureOfResult, type RequestFailure } from "../lib/request-errors.ts";
import type { useBidMutationsFoldMutation as FoldMutation } from "./__generated__/useBidMutationsFoldMutation.graphql";
import type { useBidMutationsPlaceMutation as PlaceMutation } from "./__generated__/useBidMutationsPlaceMutation.graphql";

const placeMutation = graphql`
  mutation useBidMutationsPlaceMutation($input: PlaceBidInput!) {
    placeBid(input: $input) {
      __typename
      ... on MutationPlaceBidSuccess {
        data {
          message
          offer {
            id
            ...CarrierOfferRow_offer
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const foldMutation = graphql`
  mutation useBidMutationsFoldMutation($input: FoldBidInput!) {
    foldBid(input: $input) {
      __typename
      ... on MutationFoldBidSuccess {
        data {
          bid {
            id
            amount
          }
          offer {
            id
            bestOffer
            ...CarrierOfferRow_offer
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface BidHandlers<Result = void> {
  onDone(result: Result): void;
  /** A refusal the server explained (a closed round, a bad amount). */
  onRefused(failure: RequestFailure): void;
  /** No usable answer at all. */
  onError(failure: RequestFailure): void;
}

export function usePlaceBidMutation() {
  const [commit, isInFlight] = useMutation<PlaceMutation>(placeMutation);
  const place = useCallback(
    (offerId: string, amount: number, handlers: BidHandlers<string>) =>
      commit({
        variables: { input: { offerId, amount } },
        onCompleted: ({ placeBid: result }) =>
          result.data ? handlers.onDone(result.data.message) : handlers.onRefused(failureOfResult(result)),
        onError: (error) => handlers.onError(failureOfError(error)),
      }),
    [commit],
  );
  return [place, isInFlight] as const;
}

export function useFoldBidMutation() {
  const [commit, isInFlight] = useMutation<FoldMutation>(foldMutation);
  const fold = useCallback(
    (offerId: string, handlers: BidHandlers<{ myBid: number; bestOffer: number | null }>) =>
      commit({
        variables: { input: { offerId } },
        onCompleted: ({ foldBid: result }) =>
          result.data
            ? handlers.onDone({
                myBid: result.data.bid.amount,
                bestOffer: result.data.offer.bestOffer ?? null,
              })
            : handlers.onRefused(failureOfResult(result)),
        onError: (error) => handlers.onError(failureOfError(error)),
      }),
    [commit],
  );
  return [fold, isInFlight] as const;
}
