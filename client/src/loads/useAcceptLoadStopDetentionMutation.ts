import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useAcceptLoadStopDetentionMutation as AcceptLoadStopDetentionMutation } from "./__generated__/useAcceptLoadStopDetentionMutation.graphql";

const mutation = graphql`
  mutation useAcceptLoadStopDetentionMutation($input: AcceptLoadStopDetentionInput!) {
    acceptLoadStopDetention(input: $input) {
      __typename
      ... on MutationAcceptLoadStopDetentionSuccess {
        data {
          load {
            id
            ...LoadStops_load
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: AcceptLoadStopDetentionMutation["response"]) => response.acceptLoadStopDetention;

export function useAcceptLoadStopDetentionMutation() {
  return useAppMutation<AcceptLoadStopDetentionMutation, ReturnType<typeof pick>>(mutation, pick);
}
