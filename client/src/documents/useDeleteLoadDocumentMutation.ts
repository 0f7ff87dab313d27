import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useDeleteLoadDocumentMutation as DeleteMutation } from "./__generated__/useDeleteLoadDocumentMutation.graphql";

const mutation = graphql`
  mutation useDeleteLoadDocumentMutation($input: DeleteLoadDocumentInput!) {
    deleteLoadDocument(input: $input) {
      __typename
      ... on MutationDeleteLoadDocumentSuccess {
        data {
          deletedId @deleteRecord
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: DeleteMutation["response"]) => response.deleteLoadDocument;

/** Deletes a document; its row leaves every list at once. */
export function useDeleteLoadDocumentMutation() {
  return useAppMutation<DeleteMutation, ReturnType<typeof pick>>(mutation, pick);
}
