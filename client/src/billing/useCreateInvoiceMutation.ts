import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useCreateInvoiceMutation as CreateInvoiceMutation } from "./__generated__/useCreateInvoiceMutation.graphql";

const mutation = graphql`
  mutation useCreateInvoiceMutation($input: CreateInvoiceInput!) {
    createInvoice(input: $input) {
      __typename
      ... on MutationCreateInvoiceSuccess {
        data {
          invoice {
            id
            invoiceNumber
            ...InvoiceRow_invoice
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: CreateInvoiceMutation["response"]) => response.createInvoice;

export function useCreateInvoiceMutation() {
  return useAppMutation<CreateInvoiceMutation, ReturnType<typeof pick>>(mutation, pick);
}
