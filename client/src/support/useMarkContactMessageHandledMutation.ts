import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useMarkContactMessageHandledMutation as MarkHandledMutation } from "./__generated__/useMarkContactMessageHandledMutation.graphql";

const mutation = graphql`
  mutation useMarkContactMessageHandledMutation($input: MarkContactMessageHandledInput!) {
    markContactMessageHandled(input: $input) {
      __typename
      ... on MutationMarkContactMessageHandledSuccess {
        data {
          openContactMessageCount
          contactMessage {
            id
            handled
            handledAt
          }
        }
      }
    }
  }
`;

/** Marks a message handled (or reopens it); the page's open count follows. */
export function useMarkContactMessageHandledMutation() {
  const [commit, isInFlight] = useMutation<MarkHandledMutation>(mutation);
  const markHandled = useCallback(
    (id: string, handled: boolean) =>
      commit({
        variables: { input: { id, handled } },
        updater: (store, response) => {
          const result = response?.markContactMessageHandled;
          if (result?.__typename === "MutationMarkContactMessageHandledSuccess") {
            store.getRoot().setValue(result.data.openContactMessageCount, "openContactMessageCount");
          }
        },
      }),
    [commit],
  );
  return [markHandled, isInFlight] as const;
}
