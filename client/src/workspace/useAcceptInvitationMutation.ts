import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useAcceptInvitationMutation as AcceptInvitationMutation } from "./__generated__/useAcceptInvitationMutation.graphql";

const mutation = graphql`
  mutation useAcceptInvitationMutation($input: AcceptInvitationInput!) {
    acceptInvitation(input: $input) {
      __typename
      ... on MutationAcceptInvitationSuccess {
        data {
          email
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: AcceptInvitationMutation["response"]) => response.acceptInvitation;

export function useAcceptInvitationMutation() {
  return useAppMutation<AcceptInvitationMutation, ReturnType<typeof pick>>(mutation, pick);
}
