import Box from "@mui/material/Box";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { relativeTime } from "../lib/relative-time.ts";
import type { NotificationItem_notification$key } from "./__generated__/NotificationItem_notification.graphql";

export interface OpenedNotification {
  id: string;
  isRead: boolean;
  title: string;
  message: string;
  bidStatus: string | null | undefined;
  details: string | null | undefined;
}

interface NotificationItemProps {
  notification: NotificationItem_notification$key;
  onOpen(notification: OpenedNotification): void;
}

export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const data = useFragment(
    graphql`
      fragment NotificationItem_notification on Notification {
        id
        title
        message
        isRead
        bidStatus
        details
        createdAt
      }
    `,
    notification,
  );
  return (
    <ListItemButton
      onClick={() => onOpen(data)}
      aria-label={`${data.isRead ? "Read" : "Unread"}: ${data.title}`}
      data-read={data.isRead ? "true" : "false"}
      sx={{ alignItems: "flex-start", gap: 1.5, bgcolor: data.isRead ? undefined : "action.hover" }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 1,
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: "50%",
          bgcolor: data.isRead ? "transparent" : "secondary.main",
        }}
      />
      <ListItemText
        primary={
          <Typography component="span" sx={{ fontWeight: data.isRead ? 400 : 700 }}>
            {data.title}
          </Typography>
        }
        secondary={
          <>
            <Typography component="span" variant="body2" sx={{ display: "block" }}>
              {data.message}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {relativeTime(data.createdAt)}
            </Typography>
          </>
        }
      />
    </ListItemButton>
  );
}
