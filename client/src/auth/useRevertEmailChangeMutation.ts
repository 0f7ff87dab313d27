import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useRevertEmailChangeMutation as RevertEmailChangeMutation } from "./__generated__/useRevertEmailChangeMutation.graphql";

const mutation = graphql`
  mutation useRevertEmailChangeMutation($input: RevertEmailChangeInput!) {
    revertEmailChange(input: $input) {
      __typename
      ... on MutationRevertEmailChangeSuccess {
        data {
          email
          message
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: RevertEmailChangeMutation["response"]) => response.revertEmailChange;

export function useRevertEmailChangeMutation() {
  return useAppMutation<RevertEmailChangeMutation, ReturnType<typeof pick>>(mutation, pick);
}
