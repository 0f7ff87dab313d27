import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { REGISTER_ERROR, registerErrorText } from "../lib/auth-messages.ts";
import { fieldMessages } from "../lib/forms.ts";
import { NetworkError } from "../relay/graphql-http.ts";
import type {
  RegisterInput,
  useRegisterMutation as RegisterMutation,
} from "./__generated__/useRegisterMutation.graphql";

const mutation = graphql`
  mutation useRegisterMutation($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on MutationRegisterSuccess {
        data {
          token
          user {
            role
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

export interface RegisterHandlers {
  onSignedIn(result: { token: string; role: string }): void;
  /** `text` is the spec's red text; `fields` the server's per-field messages. */
  onError(text: string, fields: Record<string, string>, serverMessage: string | null): void;
}

export function useRegisterMutation() {
  const [commit, isInFlight] = useMutation<RegisterMutation>(mutation);
  const register = useCallback(
    (input: RegisterInput, handlers: RegisterHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ register: result }) => {
          if (result.data) {
            handlers.onSignedIn({ token: result.data.token, role: result.data.user.role });
            return;
          }
          const message = result.message ?? null;
          handlers.onError(
            registerErrorText({ __typename: result.__typename, message }),
            fieldMessages(result.fields),
            message,
          );
        },
        onError: (error) =>
          handlers.onError(error instanceof NetworkError ? error.message : REGISTER_ERROR, {}, null),
      }),
    [commit],
  );
  return [register, isInFlight] as const;
}
