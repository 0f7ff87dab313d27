import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useEndUserSessionsMutation as EndUserSessionsMutation } from "./__generated__/useEndUserSessionsMutation.graphql";

const mutation = graphql`
  mutation useEndUserSessionsMutation($input: EndUserSessionsInput!) {
    endUserSessions(input: $input) {
      __typename
      ... on MutationEndUserSessionsSuccess {
        data {
          ended
          user {
            ...UserRow_user
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: EndUserSessionsMutation["response"]) => response.endUserSessions;

export function useEndUserSessionsMutation() {
  return useAppMutation<EndUserSessionsMutation, ReturnType<typeof pick>>(mutation, pick);
}
