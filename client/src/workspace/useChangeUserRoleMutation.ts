import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useChangeUserRoleMutation as ChangeUserRoleMutation } from "./__generated__/useChangeUserRoleMutation.graphql";

const mutation = graphql`
  mutation useChangeUserRoleMutation($input: ChangeUserRoleInput!) {
    changeUserRole(input: $input) {
      __typename
      ... on MutationChangeUserRoleSuccess {
        data {
          user {
            ...UserRow_user
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: ChangeUserRoleMutation["response"]) => response.changeUserRole;

export function useChangeUserRoleMutation() {
  return useAppMutation<ChangeUserRoleMutation, ReturnType<typeof pick>>(mutation, pick);
}
