import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useOfferAdminMutationsRoundMutation as RoundMutation } from "./__generated__/useOfferAdminMutationsRoundMutation.graphql";
import type { useOfferAdminMutationsStatusMutation as StatusMutation } from "./__generated__/useOfferAdminMutationsStatusMutation.graphql";

const roundMutation = graphql`
  mutation useOfferAdminMutationsRoundMutation($input: StartOfferRoundInput!) {
    startOfferRound(input: $input) {
      __typename
      ... on MutationStartOfferRoundSuccess {
        data {
          offer {
            id
            roundNumber
            roundEnds
            roundEndsAt
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const statusMutation = graphql`
  mutation useOfferAdminMutationsStatusMutation($input: SetOfferStatusInput!) {
    setOfferStatus(input: $input) {
      __typename
      ... on MutationSetOfferStatusSuccess {
        data {
          offer {
            id
            status
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pickRound = (response: RoundMutation["response"]) => response.startOfferRound;
const pickStatus = (response: StatusMutation["response"]) => response.setOfferStatus;

/** Another round on an offer whose round ended. */
export function useStartOfferRoundMutation() {
  return useAppMutation<RoundMutation, ReturnType<typeof pickRound>>(roundMutation, pickRound);
}

/** An offer's status (cancelling it). */
export function useSetOfferStatusMutation() {
  return useAppMutation<StatusMutation, ReturnType<typeof pickStatus>>(statusMutation, pickStatus);
}
