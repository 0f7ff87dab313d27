import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useRegisterMutation as RegisterMutation } from "./__generated__/useRegisterMutation.graphql";

const mutation = graphql`
  mutation useRegisterMutation($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on MutationRegisterSuccess {
        data {
          token
          user {
            role
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: RegisterMutation["response"]) => response.register;

export function useRegisterMutation() {
  return useAppMutation<RegisterMutation, ReturnType<typeof pick>>(mutation, pick);
}
