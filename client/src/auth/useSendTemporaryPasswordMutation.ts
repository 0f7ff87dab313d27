import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
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
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: SendTemporaryPasswordMutation["response"]) => response.sendTemporaryPassword;

export function useSendTemporaryPasswordMutation() {
  return useAppMutation<SendTemporaryPasswordMutation, ReturnType<typeof pick>>(mutation, pick);
}
