import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useRevokeInvitationMutation as RevokeInvitationMutation } from "./__generated__/useRevokeInvitationMutation.graphql";

const mutation = graphql`
  mutation useRevokeInvitationMutation($input: RevokeInvitationInput!) {
    revokeInvitation(input: $input) {
      __typename
      ... on MutationRevokeInvitationSuccess {
        data {
          invitation {
            id
            state
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: RevokeInvitationMutation["response"]) => response.revokeInvitation;

export function useRevokeInvitationMutation() {
  return useAppMutation<RevokeInvitationMutation, ReturnType<typeof pick>>(mutation, pick);
}
