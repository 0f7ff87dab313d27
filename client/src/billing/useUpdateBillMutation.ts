import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../relay/mutation-failure.ts";
import type {
  UpdateBillInput,
  useUpdateBillMutation as UpdateBillMutation,
} from "./__generated__/useUpdateBillMutation.graphql";

const mutation = graphql`
  mutation useUpdateBillMutation($input: UpdateBillInput!) {
    updateBill(input: $input) {
      __typename
      ... on MutationUpdateBillSuccess {
        data {
          bill {
            id
            ...BillDetailPage_bill
            ...BillRow_bill
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

export interface SaveEntryHandlers {
  onSaved(): void;
  /** The server's per-field messages (empty when the failure was not about a field). */
  onFailed(fields: Record<string, string>): void;
}

export function useUpdateBillMutation() {
  const [commit, isInFlight] = useMutation<UpdateBillMutation>(mutation);
  const save = useCallback(
    (input: UpdateBillInput, handlers: SaveEntryHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ updateBill: result }) => {
          if (result.__typename.endsWith("Success")) handlers.onSaved();
          else handlers.onFailed(fieldMessages("fields" in result ? result.fields : []));
        },
        onError: () => handlers.onFailed({}),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
