import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useDismissWaitlistEntryMutation as DismissWaitlistEntryMutation } from "./__generated__/useDismissWaitlistEntryMutation.graphql";

const mutation = graphql`
  mutation useDismissWaitlistEntryMutation($input: WaitlistEntryInput!) {
    dismissWaitlistEntry(input: $input) {
      __typename
      ... on MutationDismissWaitlistEntrySuccess {
        data {
          entry {
            id
            invitedAt
            dismissedAt
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: DismissWaitlistEntryMutation["response"]) => response.dismissWaitlistEntry;

export function useDismissWaitlistEntryMutation() {
  return useAppMutation<DismissWaitlistEntryMutation, ReturnType<typeof pick>>(mutation, pick);
}
