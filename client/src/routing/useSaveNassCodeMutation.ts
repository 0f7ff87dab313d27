import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  useSaveNassCodeMutationCreateMutation as CreateMutation,
  CreateNassCodeInput,
} from "./__generated__/useSaveNassCodeMutationCreateMutation.graphql";
import type { useSaveNassCodeMutationUpdateMutation as UpdateMutation } from "./__generated__/useSaveNassCodeMutationUpdateMutation.graphql";

const createMutation = graphql`
  mutation useSaveNassCodeMutationCreateMutation($input: CreateNassCodeInput!) {
    createNassCode(input: $input) {
      __typename
      ... on MutationCreateNassCodeSuccess {
        data {
          nassCode {
            id
            code
            ...NassRow_nass
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

const updateMutation = graphql`
  mutation useSaveNassCodeMutationUpdateMutation($input: UpdateNassCodeInput!) {
    updateNassCode(input: $input) {
      __typename
      ... on MutationUpdateNassCodeSuccess {
        data {
          nassCode {
            id
            code
            ...NassRow_nass
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

export const NASS_SAVE_FAILED = "The NASS code could not be saved.";

export interface SaveNassHandlers {
  onSaved(code: string): void;
  onError(message: string, fields: ReadonlyArray<{ field: string; message: string }>): void;
}

/** Adds a NASS facility (id null) or saves the edited one; the row updates from the answer. */
export function useSaveNassCodeMutation() {
  const [commitCreate, creating] = useMutation<CreateMutation>(createMutation);
  const [commitUpdate, updating] = useMutation<UpdateMutation>(updateMutation);
  const save = useCallback(
    (id: string | null, fields: CreateNassCodeInput, handlers: SaveNassHandlers) => {
      const onError = () => handlers.onError(NASS_SAVE_FAILED, []);
      if (id === null) {
        commitCreate({
          variables: { input: fields },
          onCompleted: ({ createNassCode: result }) => {
            if (result.data) handlers.onSaved(result.data.nassCode.code);
            else handlers.onError(result.message ?? NASS_SAVE_FAILED, result.fields ?? []);
          },
          onError,
        });
      } else {
        commitUpdate({
          variables: { input: { ...fields, id } },
          onCompleted: ({ updateNassCode: result }) => {
            if (result.data) handlers.onSaved(result.data.nassCode.code);
            else handlers.onError(result.message ?? NASS_SAVE_FAILED, result.fields ?? []);
          },
          onError,
        });
      }
    },
    [commitCreate, commitUpdate],
  );
  return [save, creating || updating] as const;
}
