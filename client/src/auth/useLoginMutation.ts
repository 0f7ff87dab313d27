import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { LOGIN_FAILED, loginErrorText } from "../lib/auth-messages.ts";
import { NetworkError } from "../relay/graphql-http.ts";
import type { LoginInput, useLoginMutation as LoginMutation } from "./__generated__/useLoginMutation.graphql";

const mutation = graphql`
  mutation useLoginMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on MutationLoginSuccess {
        data {
          token
          sessionReplaced
          message
          user {
            role
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface SignedIn {
  token: string;
  role: string;
  sessionReplaced: boolean;
  message: string;
}

export interface LoginHandlers {
  onSignedIn(result: SignedIn): void;
  /** The text to show in red above the form. */
  onError(text: string): void;
}

export function useLoginMutation() {
  const [commit, isInFlight] = useMutation<LoginMutation>(mutation);
  const login = useCallback(
    (input: LoginInput, handlers: LoginHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ login: result }) => {
          if (result.data) {
            const { token, sessionReplaced, message, user } = result.data;
            handlers.onSignedIn({ token, role: user.role, sessionReplaced, message });
          } else {
            handlers.onError(loginErrorText({ __typename: result.__typename, message: result.message }));
          }
        },
        onError: (error) => handlers.onError(error instanceof NetworkError ? error.message : LOGIN_FAILED),
      }),
    [commit],
  );
  return [login, isInFlight] as const;
}
