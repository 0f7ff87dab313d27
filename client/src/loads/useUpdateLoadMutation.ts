import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  UpdateLoadInput,
  useUpdateLoadMutation as UpdateLoadMutation,
} from "./__generated__/useUpdateLoadMutation.graphql";

const mutation = graphql`
  mutation useUpdateLoadMutation($input: UpdateLoadInput!) {
    updateLoad(input: $input) {
      __typename
      ... on MutationUpdateLoadSuccess {
        data {
          load {
            id
            ...LoadForm_load
            ...LoadRow_load
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

export const LOAD_SAVE_FAILED = "The load could not be saved.";

export interface UpdateLoadHandlers {
  onSaved(): void;
  /** The server's message (or the generic one) and its per-field messages. */
  onError(message: string, fields: ReadonlyArray<{ field: string; message: string }>): void;
}

/** Saves the load form; the saved load (and its list row) update in the store from the answer. */
export function useUpdateLoadMutation() {
  const [commit, isInFlight] = useMutation<UpdateLoadMutation>(mutation);
  const save = useCallback(
    (input: UpdateLoadInput, handlers: UpdateLoadHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ updateLoad: result }) => {
          if (result.data) handlers.onSaved();
          else handlers.onError(result.message ?? LOAD_SAVE_FAILED, result.fields ?? []);
        },
        onError: () => handlers.onError(LOAD_SAVE_FAILED, []),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
