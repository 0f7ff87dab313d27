import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useStartOfferMutation as StartOfferMutation } from "./__generated__/useStartOfferMutation.graphql";

const mutation = graphql`
  mutation useStartOfferMutation($input: StartOfferInput!) {
    startOffer(input: $input) {
      __typename
      ... on MutationStartOfferSuccess {
        data {
          offer {
            id
            loadId
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: StartOfferMutation["response"]) => response.startOffer;

export function useStartOfferMutation() {
  return useAppMutation<StartOfferMutation, ReturnType<typeof pick>>(mutation, pick);
}
