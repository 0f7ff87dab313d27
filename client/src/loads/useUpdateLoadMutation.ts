import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useUpdateLoadMutation as UpdateLoadMutation } from "./__generated__/useUpdateLoadMutation.graphql";

const mutation = graphql`
  mutation useUpdateLoadMutation($input: UpdateLoadInput!) {
    updateLoad(input: $input) {
      __typename
      ... on MutationUpdateLoadSuccess {
        data {
          load {
            id
            ...LoadForm_load
            ...LoadRow_load
            ...LoadStops_load
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const LOAD_SAVE_FAILED = "The load could not be saved.";

const pick = (response: UpdateLoadMutation["response"]) => response.updateLoad;

export function useUpdateLoadMutation() {
  return useAppMutation<UpdateLoadMutation, ReturnType<typeof pick>>(mutation, pick);
}
