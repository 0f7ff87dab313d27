import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import { MANUAL_ASSIGNMENT_TEXTS } from "../lib/manual-assignment.ts";
import type {
  CreateManualAssignmentInput,
  useCreateManualAssignmentMutation as CreateManualAssignmentMutation,
} from "./__generated__/useCreateManualAssignmentMutation.graphql";

const mutation = graphql`
  mutation useCreateManualAssignmentMutation($input: CreateManualAssignmentInput!) {
    createManualAssignment(input: $input) {
      __typename
      ... on MutationCreateManualAssignmentSuccess {
        data {
          loadId
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

export interface CreateManualAssignmentHandlers {
  onCreated(loadId: string): void;
  /** Spec section 8: the server's error, or 'Error al crear el load'; with its per-field messages. */
  onFailed(text: string, fields: Record<string, string>): void;
}

export function useCreateManualAssignmentMutation() {
  const [commit, isInFlight] = useMutation<CreateManualAssignmentMutation>(mutation);
  const create = useCallback(
    (input: CreateManualAssignmentInput, handlers: CreateManualAssignmentHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ createManualAssignment: result }) => {
          if (result.data) handlers.onCreated(result.data.loadId);
          else
            handlers.onFailed(
              result.message || MANUAL_ASSIGNMENT_TEXTS.createFailed,
              fieldMessages(result.fields),
            );
        },
        onError: () => handlers.onFailed(MANUAL_ASSIGNMENT_TEXTS.createFailed, {}),
      }),
    [commit],
  );
  return [create, isInFlight] as const;
}
