import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { PrismaTx } from "../db/bulk.ts";
import type { DbProvider } from "../db/client.ts";
import { runInPrisma } from "../db/prisma-work.ts";
import type { Deps } from "../deps.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import type { Notification } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { parseInput } from "../lib/validate.ts";
import { findUser } from "../users/service.ts";
import {
  type CarrierAudience,
  insertNotificationsWork,
  type NotificationRow,
  notifyEligibleCarriersWork,
  type StoredNotification,
} from "./store.ts";
import {
  type CreateNotificationInput,
  createNotificationInput,
  NOTIFICATION_TEXT_LIMITS,
} from "./validation.ts";

/**
 * Notifies one user: stores the notification, then tells that user's live subscriptions. Other
 * domains (bidding) call this after their own change committed.
 */
export async function notifyUser(deps: Deps, input: CreateNotificationInput): Promise<Notification> {
  const data = parseInput(createNotificationInput, input, NOTIFICATION_TEXT_LIMITS);
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
  requireAdmin(ctx);
  const notification = await notifyUser(ctx, input as CreateNotificationInput);
  await recordAudit(ctx.db, {
    actor: auditActor(ctx),
    action: "notification.send",
    entityType: "Notification",
    entityId: notification.id,
  });
  return notification;
}

const NOTIFICATION_PAGING = { defaultSize: 50, maxSize: 200 };

/** A user reads only their own notifications, newest first, in numbered pages. */
export async function findNotificationPage(
  ctx: Context,
  userIdOrOwn: string | undefined,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<Notification>> {
  const viewer = requireViewer(ctx);
  if (userIdOrOwn && userIdOrOwn !== viewer.id && userIdOrOwn !== viewer.userId) {
    throw new ForbiddenError("You can only read your own notifications.");
  }
  const where = { userId: viewer.id };
  return numberedPage(
    paging,
    NOTIFICATION_PAGING,
    () => ctx.db.notification.count({ where }),
    (window) =>
      ctx.db.notification.findMany({ ...window, where, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  );
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

/** What the writers in other domains' transactions pass: a Prisma transaction (or the client). */
export type NotificationWriter = PrismaTx;

export type { CarrierAudience, NotificationRow, StoredNotification } from "./store.ts";

/**
 * Stores notifications inside the caller's transaction (one statement); the caller announces
 * them with `announceNotifications` once it committed.
 */
export function insertNotifications(
  tx: NotificationWriter,
  provider: DbProvider,
  rows: NotificationRow[],
): Promise<StoredNotification[]> {
  return runInPrisma(tx, provider, (db) => insertNotificationsWork(db, rows));
}

/** The same, as a step of a write transaction of the caller's store (a bid's fold). */
export { insertNotificationsWork };

/** Tells each receiver's live subscriptions; call after the transaction committed. */
export function announceNotifications(deps: Pick<Deps, "pubsub">, stored: StoredNotification[]): void {
  for (const notification of stored) {
    deps.pubsub.publish(`notifications:${notification.userId}`, { notificationId: notification.id });
  }
}

/**
 * The offer fan-out: one notification for every eligible carrier (store.ts), in the caller's
 * transaction. Returns who was notified, for the live announcement after commit.
 */
export function notifyEligibleCarriers(
  tx: NotificationWriter,
  provider: DbProvider,
  audience: CarrierAudience,
  content: { title: string; message: string; details?: Record<string, unknown> },
): Promise<StoredNotification[]> {
  return runInPrisma(tx, provider, (db) => notifyEligibleCarriersWork(db, audience, content));
}
