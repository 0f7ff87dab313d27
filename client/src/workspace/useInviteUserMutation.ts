import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useInviteUserMutation as InviteUserMutation } from "./__generated__/useInviteUserMutation.graphql";

const mutation = graphql`
  mutation useInviteUserMutation($input: InviteUserInput!) {
    inviteUser(input: $input) {
      __typename
      ... on MutationInviteUserSuccess {
        data {
          invitation {
            email
            expiresAt
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: InviteUserMutation["response"]) => response.inviteUser;

export function useInviteUserMutation() {
  return useAppMutation<InviteUserMutation, ReturnType<typeof pick>>(mutation, pick);
}
