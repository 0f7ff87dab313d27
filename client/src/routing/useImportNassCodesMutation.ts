import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useImportNassCodesMutation as ImportMutation } from "./__generated__/useImportNassCodesMutation.graphql";

const mutation = graphql`
  mutation useImportNassCodesMutation($input: ImportNassCodesInput!) {
    importNassCodes(input: $input) {
      __typename
      ... on MutationImportNassCodesSuccess {
        data {
          createdCount
          updatedCount
          skipped {
            code
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: ImportMutation["response"]) => response.importNassCodes;

/** Sends the NASS file as its CSV text; progress through `metadata`. */
export function useImportNassCodesMutation() {
  return useAppMutation<ImportMutation, ReturnType<typeof pick>>(mutation, pick);
}
