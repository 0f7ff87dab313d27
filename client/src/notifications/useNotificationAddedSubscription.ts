import { useMemo } from "react";
import { ConnectionHandler, graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useNotificationAddedSubscription as NotificationAddedSubscription } from "./__generated__/useNotificationAddedSubscription.graphql";

const subscription = graphql`
  subscription useNotificationAddedSubscription($connections: [ID!]!) {
    notificationAdded
      @prependNode(connections: $connections, edgeTypeName: "UserNotificationsConnectionEdge") {
      id
      isRead
      ...NotificationItem_notification
    }
  }
`;

/** New notifications arrive over the WebSocket: prepended to the list, counted on the bell. */
export function useNotificationAddedSubscription(userId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<NotificationAddedSubscription>>(
    () => ({
      subscription,
      variables: {
        connections: [ConnectionHandler.getConnectionID(userId, "NotificationList_notifications")],
      },
      updater: (store, data) => {
        if (!data?.notificationAdded || data.notificationAdded.isRead) return;
        const user = store.get(userId);
        const count = user?.getValue("unreadNotificationCount");
        if (user && typeof count === "number") user.setValue(count + 1, "unreadNotificationCount");
      },
    }),
    [userId],
  );
  useSubscription(config);
}
