import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  useDismissWaitlistEntryMutation as DismissWaitlistEntryMutation,
  useDismissWaitlistEntryMutation$data,
  WaitlistEntryInput,
} from "./__generated__/useDismissWaitlistEntryMutation.graphql";
import { type MutationHandlers, settle } from "./mutation-result.ts";

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

type Data = NonNullable<useDismissWaitlistEntryMutation$data["dismissWaitlistEntry"]["data"]>;

export function useDismissWaitlistEntryMutation() {
  const [commit, isInFlight] = useMutation<DismissWaitlistEntryMutation>(mutation);
  const run = useCallback(
    (input: WaitlistEntryInput, handlers: MutationHandlers<Data>) =>
      commit({
        variables: { input },
        onCompleted: (response) => settle(response.dismissWaitlistEntry, handlers),
        onError: () => handlers.onFailed(null, {}),
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}
