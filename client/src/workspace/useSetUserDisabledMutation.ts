import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useSetUserDisabledMutation as SetUserDisabledMutation } from "./__generated__/useSetUserDisabledMutation.graphql";

const mutation = graphql`
  mutation useSetUserDisabledMutation($input: SetUserDisabledInput!) {
    setUserDisabled(input: $input) {
      __typename
      ... on MutationSetUserDisabledSuccess {
        data {
          user {
            ...UserRow_user
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: SetUserDisabledMutation["response"]) => response.setUserDisabled;

export function useSetUserDisabledMutation() {
  return useAppMutation<SetUserDisabledMutation, ReturnType<typeof pick>>(mutation, pick);
}
