import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import Typography from "@mui/material/Typography";
import { graphql, usePaginationFragment } from "react-relay";
import type { NotificationList_user$key } from "./__generated__/NotificationList_user.graphql";
import { NotificationItem, type OpenedNotification } from "./NotificationItem.tsx";

export const EMPTY_NOTIFICATIONS = "No hay notificaciones nuevas";

interface NotificationListProps {
  user: NotificationList_user$key;
  onOpen(notification: OpenedNotification): void;
}

export function NotificationList({ user, onOpen }: NotificationListProps) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment NotificationList_user on User
      @refetchable(queryName: "NotificationListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        notifications(first: $count, after: $cursor) @connection(key: "NotificationList_notifications") {
          edges {
            node {
              id
              ...NotificationItem_notification
            }
          }
        }
      }
    `,
    user,
  );
  const edges = data.notifications.edges;
  if (edges.length === 0) {
    return (
      <Typography sx={{ p: 3, textAlign: "center" }} color="text.secondary">
        {EMPTY_NOTIFICATIONS}
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label="Notifications list">
        {edges.map((edge, index) => (
          <Box key={edge.node.id}>
            {index > 0 ? <Divider component="div" /> : null}
            <NotificationItem notification={edge.node} onOpen={onOpen} />
          </Box>
        ))}
      </List>
      {hasNext ? (
        <Box sx={{ p: 1, textAlign: "center" }}>
          <Button size="small" onClick={() => loadNext(20)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading..." : "Show older"}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
