import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import { failureOfError, failureOfResult, type RequestFailure } from "../lib/request-errors.ts";
import type {
  SaveConfirmDetailsInput,
  useSaveConfirmDetailsMutation as SaveMutation,
} from "./__generated__/useSaveConfirmDetailsMutation.graphql";

const mutation = graphql`
  mutation useSaveConfirmDetailsMutation($input: SaveConfirmDetailsInput!) {
    saveConfirmDetails(input: $input) {
      __typename
      ... on MutationSaveConfirmDetailsSuccess {
        data {
          ...ConfirmDetailsForm_details
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

export interface SaveConfirmHandlers {
  onSaved(): void;
  onFailed(failure: RequestFailure, fields: Record<string, string>): void;
}

export function useSaveConfirmDetailsMutation() {
  const [commit, isInFlight] = useMutation<SaveMutation>(mutation);
  const save = useCallback(
    (input: SaveConfirmDetailsInput, handlers: SaveConfirmHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ saveConfirmDetails: result }) => {
          if (result.data) handlers.onSaved();
          else handlers.onFailed(failureOfResult(result), fieldMessages(result.fields));
        },
        onError: (error) => handlers.onFailed(failureOfError(error), {}),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
