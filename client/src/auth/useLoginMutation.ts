import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useLoginMutation as LoginMutation } from "./__generated__/useLoginMutation.graphql";

const mutation = graphql`
  mutation useLoginMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess {
        data {
          token
          sessionReplaced
          message
          user {
            role
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: LoginMutation["response"]) => response.login;

export function useLoginMutation() {
  return useAppMutation<LoginMutation, ReturnType<typeof pick>>(mutation, pick);
}
