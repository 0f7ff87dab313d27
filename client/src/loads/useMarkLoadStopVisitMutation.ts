import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useMarkLoadStopVisitMutation as MarkLoadStopVisitMutation } from "./__generated__/useMarkLoadStopVisitMutation.graphql";

const mutation = graphql`
  mutation useMarkLoadStopVisitMutation($input: MarkLoadStopVisitInput!) {
    markLoadStopVisit(input: $input) {
      __typename
      ... on MutationMarkLoadStopVisitSuccess {
        data {
          stop {
            id
            sequence
          }
          load {
            id
            status
            ...LoadStops_load
            ...LoadTimeline_load
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: MarkLoadStopVisitMutation["response"]) => response.markLoadStopVisit;

export function useMarkLoadStopVisitMutation() {
  return useAppMutation<MarkLoadStopVisitMutation, ReturnType<typeof pick>>(mutation, pick);
}
