import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useSendContactMessageMutation as SendContactMessageMutation } from "./__generated__/useSendContactMessageMutation.graphql";

const mutation = graphql`
  mutation useSendContactMessageMutation($input: SendContactMessageInput!) {
    sendContactMessage(input: $input) {
      __typename
      ... on MutationSendContactMessageSuccess {
        data {
          message
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const CONTACT_FAILED = "Your message could not be sent. Please try again.";

const pick = (response: SendContactMessageMutation["response"]) => response.sendContactMessage;

export function useSendContactMessageMutation() {
  return useAppMutation<SendContactMessageMutation, ReturnType<typeof pick>>(mutation, pick);
}
