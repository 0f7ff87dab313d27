import { recordAudit } from "../audit/service.ts";
import { requireAdmin, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Deps } from "../deps.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import type { Notification } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { findUser } from "../users/service.ts";
import { type CreateNotificationInput, createNotificationInput } from "./validation.ts";

/**
 * Notifies one user: stores the notification, then tells that user's live subscriptions. Other
 * domains (bidding) call this after their own change committed.
 */
export async function notifyUser(deps: Deps, input: CreateNotificationInput): Promise<Notification> {
  const data = parseInput(createNotificationInput, input);
  const user = await findUser(deps.db, data.userId);
  if (!user) throw new NotFoundError("User not found");
  const notification = await deps.db.notification.create({
    data: {
      userId: user.id,
      title: data.title,
      message: data.message,
      type: data.type,
      bidStatus: data.bidStatus ?? null,
      details: data.details ? JSON.stringify(data.details) : null,
    },
  });
  deps.pubsub.publish(`notifications:${user.id}`, { notificationId: notification.id });
  return notification;
}

/** Operators may notify anyone by hand (POST /notifications). */
export async function sendNotification(ctx: Context, input: unknown): Promise<Notification> {
  const admin = requireAdmin(ctx);
  const notification = await notifyUser(ctx, input as CreateNotificationInput);
  await recordAudit(ctx.db, {
    actorId: admin.id,
    action: "notification.send",
    entityType: "Notification",
    entityId: notification.id,
  });
  return notification;
}

/** A user reads only their own notifications, newest first. */
export async function listNotifications(
  ctx: Context,
  userIdOrOwn: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ items: Notification[]; totalCount: number }> {
  const viewer = requireViewer(ctx);
  if (userIdOrOwn && userIdOrOwn !== viewer.id && userIdOrOwn !== viewer.userId) {
    throw new ForbiddenError("You can only read your own notifications.");
  }
  const where = { userId: viewer.id };
  const [items, totalCount] = await Promise.all([
    ctx.db.notification.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: page.offset,
      take: page.limit,
    }),
    ctx.db.notification.count({ where }),
  ]);
  return { items, totalCount };
}

export async function unreadCount(ctx: Context): Promise<number> {
  const viewer = requireViewer(ctx);
  return ctx.db.notification.count({ where: { userId: viewer.id, isRead: false } });
}

/** Marks one of the viewer's notifications read; someone else's is reported as not found. */
export async function markRead(ctx: Context, notificationId: string): Promise<Notification> {
  const viewer = requireViewer(ctx);
  const updated = await ctx.db.notification.updateMany({
    where: { id: notificationId, userId: viewer.id },
    data: { isRead: true },
  });
  if (updated.count === 0) throw new NotFoundError("Notification not found");
  return ctx.db.notification.findUniqueOrThrow({ where: { id: notificationId } });
}

export async function markAllRead(ctx: Context): Promise<number> {
  const viewer = requireViewer(ctx);
  const updated = await ctx.db.notification.updateMany({
    where: { userId: viewer.id, isRead: false },
    data: { isRead: true },
  });
  return updated.count;
}

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
