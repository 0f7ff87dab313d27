import NotificationsIcon from "@mui/icons-material/Notifications";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { MessageDialog } from "../ui/MessageDialog.tsx";
import type { NotificationBell_user$key } from "./__generated__/NotificationBell_user.graphql";
import { BidWonDialog } from "./BidWonDialog.tsx";
import type { OpenedNotification } from "./NotificationItem.tsx";
import { NotificationList } from "./NotificationList.tsx";
import { useMarkAllNotificationsReadMutation } from "./useMarkAllNotificationsReadMutation.ts";
import { useMarkNotificationReadMutation } from "./useMarkNotificationReadMutation.ts";
import { useNotificationAddedSubscription } from "./useNotificationAddedSubscription.ts";

interface NotificationBellProps {
  user: NotificationBell_user$key;
}

export function NotificationBell({ user }: NotificationBellProps) {
  const data = useFragment(
    graphql`
      fragment NotificationBell_user on User {
        id
        unreadNotificationCount
        ...NotificationList_user
      }
    `,
    user,
  );
  useNotificationAddedSubscription(data.id);
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<OpenedNotification | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const unread = data.unreadNotificationCount;

  const handleOpenNotification = (notification: OpenedNotification) => {
    if (!notification.isRead) markRead(notification.id, data.id);
    if (notification.bidStatus === "winner" || notification.bidStatus === "folded") {
      setAnchor(null);
      setOpened(notification);
    }
  };

  const handleMarkAllRead = () => {
    // The button goes away with the last unread item: keep the focus (and Escape) inside the list.
    headingRef.current?.focus();
    markAllRead();
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={`Notifications, ${unread} unread`}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="secondary" max={99} data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": "Notifications",
            sx: { width: "min(380px, calc(100vw - 24px))", maxHeight: "70vh" },
          },
        }}
      >
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            ref={headingRef}
            tabIndex={-1}
            sx={{ fontWeight: 700, outline: "none" }}
          >
            Notifications
          </Typography>
          {unread > 0 ? (
            <Button size="small" onClick={handleMarkAllRead} disabled={markingAll}>
              Mark all as read
            </Button>
          ) : null}
        </Box>
        <NotificationList user={data} onOpen={handleOpenNotification} />
      </Popover>
      <BidWonDialog
        open={opened?.bidStatus === "winner"}
        message={opened?.message ?? ""}
        details={opened?.details}
        onClose={() => setOpened(null)}
      />
      {/* A folded bid's notification, in full (the spec does not show that dialog's content). */}
      <MessageDialog
        open={opened?.bidStatus === "folded"}
        title={opened?.title ?? ""}
        message={opened?.message ?? ""}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
