import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useMarkNotificationReadMutation as MarkReadMutation } from "./__generated__/useMarkNotificationReadMutation.graphql";

const mutation = graphql`
  mutation useMarkNotificationReadMutation($input: MarkNotificationReadInput!) {
    markNotificationRead(input: $input) {
      __typename
      ... on MutationMarkNotificationReadSuccess {
        data {
          notification {
            id
            isRead
          }
          viewer {
            id
            unreadNotificationCount
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Marks one notification read; the bell's count drops at once and the server's count confirms it. */
export function useMarkNotificationReadMutation() {
  const [commit, isInFlight] = useMutation<MarkReadMutation>(mutation);
  const markRead = useCallback(
    (notificationId: string, userId: string) =>
      commit({
        variables: { input: { id: notificationId } },
        optimisticUpdater: (store) => {
          store.get(notificationId)?.setValue(true, "isRead");
          const user = store.get(userId);
          const count = user?.getValue("unreadNotificationCount");
          if (user && typeof count === "number")
            user.setValue(Math.max(0, count - 1), "unreadNotificationCount");
        },
      }),
    [commit],
  );
  return [markRead, isInFlight] as const;
}
