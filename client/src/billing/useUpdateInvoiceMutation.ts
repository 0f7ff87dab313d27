import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../relay/mutation-failure.ts";
import type {
  UpdateInvoiceInput,
  useUpdateInvoiceMutation as UpdateInvoiceMutation,
} from "./__generated__/useUpdateInvoiceMutation.graphql";
import type { SaveEntryHandlers } from "./useUpdateBillMutation.ts";

const mutation = graphql`
  mutation useUpdateInvoiceMutation($input: UpdateInvoiceInput!) {
    updateInvoice(input: $input) {
      __typename
      ... on MutationUpdateInvoiceSuccess {
        data {
          invoice {
            id
            ...InvoiceDetailPage_invoice
            ...InvoiceRow_invoice
          }
        }
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

/** Saves the invoice form; the detail page and its list row update in the store from the answer. */
export function useUpdateInvoiceMutation() {
  const [commit, isInFlight] = useMutation<UpdateInvoiceMutation>(mutation);
  const save = useCallback(
    (input: UpdateInvoiceInput, handlers: SaveEntryHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ updateInvoice: result }) => {
          if (result.__typename.endsWith("Success")) handlers.onSaved();
          else handlers.onFailed(fieldMessages("fields" in result ? result.fields : []));
        },
        onError: () => handlers.onFailed({}),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
