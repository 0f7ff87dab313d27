import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import { NetworkError } from "../relay/graphql-http.ts";
import type {
  SendContactMessageInput,
  useSendContactMessageMutation as SendContactMessageMutation,
} from "./__generated__/useSendContactMessageMutation.graphql";

const mutation = graphql`
  mutation useSendContactMessageMutation($input: SendContactMessageInput!) {
    sendContactMessage(input: $input) {
      __typename
      ... on MutationSendContactMessageSuccess {
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

export const CONTACT_FAILED = "Your message could not be sent. Please try again.";

export interface SendContactMessageHandlers {
  onSent(confirmation: string): void;
  onError(text: string, fields: Record<string, string>): void;
}

export function useSendContactMessageMutation() {
  const [commit, isInFlight] = useMutation<SendContactMessageMutation>(mutation);
  const send = useCallback(
    (input: SendContactMessageInput, handlers: SendContactMessageHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ sendContactMessage: result }) => {
          if (result.data) handlers.onSent(result.data.message);
          else handlers.onError(result.message ?? CONTACT_FAILED, fieldMessages(result.fields));
        },
        onError: (error) =>
          handlers.onError(error instanceof NetworkError ? error.message : CONTACT_FAILED, {}),
      }),
    [commit],
  );
  return [send, isInFlight] as const;
}
