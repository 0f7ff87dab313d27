import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useInviteFromWaitlistMutation as InviteFromWaitlistMutation } from "./__generated__/useInviteFromWaitlistMutation.graphql";

const mutation = graphql`
  mutation useInviteFromWaitlistMutation($input: WaitlistEntryInput!) {
    inviteFromWaitlist(input: $input) {
      __typename
      ... on MutationInviteFromWaitlistSuccess {
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

const pick = (response: InviteFromWaitlistMutation["response"]) => response.inviteFromWaitlist;

export function useInviteFromWaitlistMutation() {
  return useAppMutation<InviteFromWaitlistMutation, ReturnType<typeof pick>>(mutation, pick);
}
