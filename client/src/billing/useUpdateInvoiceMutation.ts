import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useUpdateInvoiceMutation as UpdateInvoiceMutation } from "./__generated__/useUpdateInvoiceMutation.graphql";

const mutation = graphql`
  mutation useUpdateInvoiceMutation($input: UpdateInvoiceInput!) {
    updateInvoice(input: $input) {
      __typename
      ... on MutationUpdateInvoiceSuccess {
        data {
          invoice {
            id
            version
            ...InvoiceDetailPage_invoice
            ...InvoiceRow_invoice
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: UpdateInvoiceMutation["response"]) => response.updateInvoice;

/** Saves the invoice form; the detail page and its list row update in the store from the answer. */
export function useUpdateInvoiceMutation() {
  return useAppMutation<UpdateInvoiceMutation, ReturnType<typeof pick>>(mutation, pick);
}
