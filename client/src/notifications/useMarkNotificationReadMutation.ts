import { useCallback } from "react";
import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
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
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: MarkReadMutation["response"]) => response.markNotificationRead;

/**
 * Marks one notification read; the bell's count drops at once and the server's count confirms it.
 * A failure needs no words: the optimistic change is rolled back and the item stays unread.
 */
export function useMarkNotificationReadMutation() {
  const [run, isInFlight] = useAppMutation<MarkReadMutation, ReturnType<typeof pick>>(mutation, pick);
  const markRead = useCallback(
    (notificationId: string, userId: string) =>
      run(
        { input: { id: notificationId } },
        { onSuccess: () => {}, onFailure: () => {} },
        {
          optimisticUpdater: (store) => {
            store.get(notificationId)?.setValue(true, "isRead");
            const user = store.get(userId);
            const count = user?.getValue("unreadNotificationCount");
            if (user && typeof count === "number")
              user.setValue(Math.max(0, count - 1), "unreadNotificationCount");
          },
        },
      ),
    [run],
  );
  return [markRead, isInFlight] as const;
}
