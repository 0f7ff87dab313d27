import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import type {
  UpdateCarrierInput,
  useUpdateCarrierMutation as UpdateCarrierMutation,
} from "./__generated__/useUpdateCarrierMutation.graphql";

const mutation = graphql`
  mutation useUpdateCarrierMutation($input: UpdateCarrierInput!) {
    updateCarrier(input: $input) {
      __typename
      ... on MutationUpdateCarrierSuccess {
        data {
          carrier {
            ...CarrierForm_carrier
            ...CarrierRow_carrier
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
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`;

export interface UpdateCarrierHandlers {
  onSaved(): void;
  /** The server's message (null when there was no answer) and its per-field messages. */
  onFailed(message: string | null, fields: Record<string, string>): void;
}

export function useUpdateCarrierMutation() {
  const [commit, isInFlight] = useMutation<UpdateCarrierMutation>(mutation);
  const save = useCallback(
    (input: UpdateCarrierInput, handlers: UpdateCarrierHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ updateCarrier: result }) => {
          if (result.data) handlers.onSaved();
          else handlers.onFailed(result.message ?? null, fieldMessages(result.fields));
        },
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
