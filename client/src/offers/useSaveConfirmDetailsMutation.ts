import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useSaveConfirmDetailsMutation as SaveMutation } from "./__generated__/useSaveConfirmDetailsMutation.graphql";

const mutation = graphql`
  mutation useSaveConfirmDetailsMutation($input: SaveConfirmDetailsInput!) {
    saveConfirmDetails(input: $input) {
      __typename
      ... on MutationSaveConfirmDetailsSuccess {
        data {
          ...ConfirmDetailsForm_details
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: SaveMutation["response"]) => response.saveConfirmDetails;

export function useSaveConfirmDetailsMutation() {
  return useAppMutation<SaveMutation, ReturnType<typeof pick>>(mutation, pick);
}
