import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { PROFILE_SAVE_FAILED } from "../lib/auth-messages.ts";
import { fieldMessages } from "../lib/forms.ts";
import type {
  UpdateProfileInput,
  useUpdateProfileMutation as UpdateProfileMutation,
} from "./__generated__/useUpdateProfileMutation.graphql";

const mutation = graphql`
  mutation useUpdateProfileMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on MutationUpdateProfileSuccess {
        data {
          user {
            ...ProfileForm_user
            ...AccountSummary_user
          }
        }
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

export interface UpdateProfileHandlers {
  onSaved(): void;
  /** The spec's failure text, with the server's per-field messages when it gave some. */
  onError(text: string, fields: Record<string, string>): void;
}

export function useUpdateProfileMutation() {
  const [commit, isInFlight] = useMutation<UpdateProfileMutation>(mutation);
  const save = useCallback(
    (input: UpdateProfileInput, handlers: UpdateProfileHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ updateProfile: result }) => {
          if (result.__typename === "MutationUpdateProfileSuccess") handlers.onSaved();
          else
            handlers.onError(PROFILE_SAVE_FAILED, fieldMessages("fields" in result ? result.fields : null));
        },
        onError: () => handlers.onError(PROFILE_SAVE_FAILED, {}),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
