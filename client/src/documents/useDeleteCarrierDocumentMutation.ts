import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useDeleteCarrierDocumentMutation as DeleteMutation } from "./__generated__/useDeleteCarrierDocumentMutation.graphql";

const mutation = graphql`
  mutation useDeleteCarrierDocumentMutation($input: DeleteCarrierDocumentInput!) {
    deleteCarrierDocument(input: $input) {
      __typename
      ... on MutationDeleteCarrierDocumentSuccess {
        data {
          deletedId @deleteRecord
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: DeleteMutation["response"]) => response.deleteCarrierDocument;

/** Deletes a carrier's document; its row leaves every list at once. */
export function useDeleteCarrierDocumentMutation() {
  return useAppMutation<DeleteMutation, ReturnType<typeof pick>>(mutation, pick);
}
