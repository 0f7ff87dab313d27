import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useConfirmWinnerMutation as ConfirmWinnerMutation } from "./__generated__/useConfirmWinnerMutation.graphql";

const mutation = graphql`
  mutation useConfirmWinnerMutation($input: ConfirmWinnerInput!) {
    confirmWinner(input: $input) {
      __typename
      ... on MutationConfirmWinnerSuccess {
        data {
          offer {
            id
            status
            winnerBid {
              id
              status
            }
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: ConfirmWinnerMutation["response"]) => response.confirmWinner;

export function useConfirmWinnerMutation() {
  return useAppMutation<ConfirmWinnerMutation, ReturnType<typeof pick>>(mutation, pick);
}
