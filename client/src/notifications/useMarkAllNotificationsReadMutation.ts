import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useMarkAllNotificationsReadMutation as MarkAllReadMutation } from "./__generated__/useMarkAllNotificationsReadMutation.graphql";

const mutation = graphql`
  mutation useMarkAllNotificationsReadMutation {
    markAllNotificationsRead {
      id
      unreadNotificationCount
      ...NotificationList_user
    }
  }
`;

export function useMarkAllNotificationsReadMutation() {
  const [commit, isInFlight] = useMutation<MarkAllReadMutation>(mutation);
  const markAllRead = useCallback(() => commit({ variables: {} }), [commit]);
  return [markAllRead, isInFlight] as const;
}
