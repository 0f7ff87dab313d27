import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { failureOfError, fieldMessages } from "../relay/mutation-failure.ts";
import type {
  CreateInvoiceInput,
  useCreateInvoiceMutation as CreateInvoiceMutation,
} from "./__generated__/useCreateInvoiceMutation.graphql";
import { type CreateEntryHandlers, failureOfResult } from "./useCreateBillMutation.ts";

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
      ... on Error {
        message
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
    }
  }
`;

export function useCreateInvoiceMutation() {
  const [commit, isInFlight] = useMutation<CreateInvoiceMutation>(mutation);
  const create = useCallback(
    (input: CreateInvoiceInput, handlers: CreateEntryHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ createInvoice: result }) => {
          if (result.data) handlers.onCreated(result.data.invoice.invoiceNumber);
          else handlers.onFailed(failureOfResult(result), fieldMessages(result.fields));
        },
        onError: (error) => handlers.onFailed(failureOfError(error), {}),
      }),
    [commit],
  );
  return [create, isInFlight] as const;
}
