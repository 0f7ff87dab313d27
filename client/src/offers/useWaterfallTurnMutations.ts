import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useWaterfallTurnMutationsAcceptMutation as AcceptMutation } from "./__generated__/useWaterfallTurnMutationsAcceptMutation.graphql";
import type { useWaterfallTurnMutationsPassMutation as PassMutation } from "./__generated__/useWaterfallTurnMutationsPassMutation.graphql";

const acceptMutation = graphql`
  mutation useWaterfallTurnMutationsAcceptMutation($input: WaterfallTurnInput!) {
    acceptWaterfallTurn(input: $input) {
      __typename
      ... on MutationAcceptWaterfallTurnSuccess {
        data {
          offer {
            id
            status
            waterfallTurnEndsAt
            waterfallRate
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const passMutation = graphql`
  mutation useWaterfallTurnMutationsPassMutation($input: WaterfallTurnInput!) {
    passWaterfallTurn(input: $input) {
      __typename
      ... on MutationPassWaterfallTurnSuccess {
        data {
          offer {
            id
            status
            waterfallTurnEndsAt
            waterfallRate
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pickAccept = (response: AcceptMutation["response"]) => response.acceptWaterfallTurn;
const pickPass = (response: PassMutation["response"]) => response.passWaterfallTurn;

/** The carrier in turn takes the load at the offered rate. */
export function useAcceptWaterfallTurnMutation() {
  return useAppMutation<AcceptMutation, ReturnType<typeof pickAccept>>(acceptMutation, pickAccept);
}

/** The carrier in turn passes: the next carrier's turn starts. */
export function usePassWaterfallTurnMutation() {
  return useAppMutation<PassMutation, ReturnType<typeof pickPass>>(passMutation, pickPass);
}
