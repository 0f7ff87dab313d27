import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useReviewCarrierMutation as ReviewCarrierMutation } from "./__generated__/useReviewCarrierMutation.graphql";

const mutation = graphql`
  mutation useReviewCarrierMutation($input: ReviewCarrierInput!) {
    reviewCarrier(input: $input) {
      __typename
      ... on MutationReviewCarrierSuccess {
        data {
          user {
            ...UserRow_user
            ...VettingCard_user
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: ReviewCarrierMutation["response"]) => response.reviewCarrier;

export function useReviewCarrierMutation() {
  return useAppMutation<ReviewCarrierMutation, ReturnType<typeof pick>>(mutation, pick);
}
