import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  useInviteFromWaitlistMutation as InviteFromWaitlistMutation,
  useInviteFromWaitlistMutation$data,
  WaitlistEntryInput,
} from "./__generated__/useInviteFromWaitlistMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

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

type Data = NonNullable<useInviteFromWaitlistMutation$data["inviteFromWaitlist"]["data"]>;

export function useInviteFromWaitlistMutation() {
  const [commit, isInFlight] = useMutation<InviteFromWaitlistMutation>(mutation);
  const run = useCallback(
    (input: WaitlistEntryInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.inviteFromWaitlist, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}
