import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
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
      ...mutationResult_error @alias(as: "error")
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
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pickPlace = (response: PlaceMutation["response"]) => response.placeBid;
const pickFold = (response: FoldMutation["response"]) => response.foldBid;

/** `run({input: {offerId, amount}}, {onSuccess, onFailure})`; success data carries the server's message. */
export function usePlaceBidMutation() {
  return useAppMutation<PlaceMutation, ReturnType<typeof pickPlace>>(placeMutation, pickPlace);
}

/** `run({input: {offerId}}, {onSuccess, onFailure})`; success data carries the bid and the offer's best. */
export function useFoldBidMutation() {
  return useAppMutation<FoldMutation, ReturnType<typeof pickFold>>(foldMutation, pickFold);
}
