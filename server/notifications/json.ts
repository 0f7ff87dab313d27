import type { Notification } from "../generated/sqlite/client.ts";

/** The spec's REST shape: the winner's load details sit beside the notification's own fields. */
export function notificationJson(notification: Notification) {
  const details = notification.details ? (JSON.parse(notification.details) as Record<string, unknown>) : {};
  return {
    ...details,
    _id: notification.id,
    userId: notification.userId,
    title: notification.title,
    message: notification.message,
    type: notification.type,
    isRead: notification.isRead,
    bidStatus: notification.bidStatus,
    createdAt: notification.createdAt.toISOString(),
  };
}
