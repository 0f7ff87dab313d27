import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useCreateFirstOperatorMutation as CreateFirstOperatorMutation } from "./__generated__/useCreateFirstOperatorMutation.graphql";

const mutation = graphql`
  mutation useCreateFirstOperatorMutation($input: CreateFirstOperatorInput!) {
    createFirstOperator(input: $input) {
      __typename
      ... on MutationCreateFirstOperatorSuccess {
        data {
          email
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: CreateFirstOperatorMutation["response"]) => response.createFirstOperator;

export function useCreateFirstOperatorMutation() {
  return useAppMutation<CreateFirstOperatorMutation, ReturnType<typeof pick>>(mutation, pick);
}
