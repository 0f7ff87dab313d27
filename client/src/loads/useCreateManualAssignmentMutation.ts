import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useCreateManualAssignmentMutation as CreateManualAssignmentMutation } from "./__generated__/useCreateManualAssignmentMutation.graphql";

const mutation = graphql`
  mutation useCreateManualAssignmentMutation($input: CreateManualAssignmentInput!) {
    createManualAssignment(input: $input) {
      __typename
      ... on MutationCreateManualAssignmentSuccess {
        data {
          loadId
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: CreateManualAssignmentMutation["response"]) => response.createManualAssignment;

export function useCreateManualAssignmentMutation() {
  return useAppMutation<CreateManualAssignmentMutation, ReturnType<typeof pick>>(mutation, pick);
}
