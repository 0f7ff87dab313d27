import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useChangePasswordMutation as ChangePasswordMutation } from "./__generated__/useChangePasswordMutation.graphql";

const mutation = graphql`
  mutation useChangePasswordMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on MutationChangePasswordSuccess {
        data {
          message
          endedSessions
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: ChangePasswordMutation["response"]) => response.changePassword;

export function useChangePasswordMutation() {
  return useAppMutation<ChangePasswordMutation, ReturnType<typeof pick>>(mutation, pick);
}
