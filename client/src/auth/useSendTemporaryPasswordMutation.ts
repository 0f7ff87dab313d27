import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { LOGIN_FAILED, loginErrorText } from "../lib/auth-messages.ts";
import { fieldMessages } from "../lib/forms.ts";
import { NetworkError } from "../relay/graphql-http.ts";
import type { useSendTemporaryPasswordMutation as SendTemporaryPasswordMutation } from "./__generated__/useSendTemporaryPasswordMutation.graphql";

const mutation = graphql`
  mutation useSendTemporaryPasswordMutation($input: SendTemporaryPasswordInput!) {
    sendTemporaryPassword(input: $input) {
      __typename
      ... on MutationSendTemporaryPasswordSuccess {
        data {
          message
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

export interface SendTemporaryPasswordHandlers {
  onSent(message: string): void;
  onError(text: string | null, fields: Record<string, string>): void;
}

export function useSendTemporaryPasswordMutation() {
  const [commit, isInFlight] = useMutation<SendTemporaryPasswordMutation>(mutation);
  const send = useCallback(
    (email: string, handlers: SendTemporaryPasswordHandlers) =>
      commit({
        variables: { input: { email } },
        onCompleted: ({ sendTemporaryPassword: result }) => {
          if (result.data) {
            handlers.onSent(result.data.message);
          } else if (result.__typename === "ValidationError") {
            handlers.onError(null, fieldMessages(result.fields));
          } else {
            handlers.onError(loginErrorText({ __typename: result.__typename, message: result.message }), {});
          }
        },
        onError: (error) =>
          handlers.onError(error instanceof NetworkError ? error.message : LOGIN_FAILED, {}),
      }),
    [commit],
  );
  return [send, isInFlight] as const;
}
