import { AREA_SEPARATORS, US_STATES } from "../../common/offers.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db, DbProvider } from "../db/client.ts";
import { numberedPlaceholders } from "../db/sql.ts";
import type { Deps } from "../deps.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import type { Notification } from "../generated/sqlite/client.ts";
import { createRowId } from "../lib/ids.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { parseInput } from "../lib/validate.ts";
import { findUser } from "../users/service.ts";
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

/** What the writers in other domains' transactions may use: the Prisma client or a transaction. */
export type NotificationWriter = Pick<Db, "notification" | "$queryRawUnsafe">;

export interface NotificationRow {
  userId: string;
  title: string;
  message: string;
  bidStatus?: "winner" | "loser" | "folded" | null;
  details?: Record<string, unknown> | null;
}

export interface StoredNotification {
  id: string;
  userId: string;
}

/**
 * Stores notifications inside the caller's transaction (one statement); the caller announces
 * them with `announceNotifications` once it committed.
 */
export async function insertNotifications(
  tx: NotificationWriter,
  rows: NotificationRow[],
): Promise<StoredNotification[]> {
  if (rows.length === 0) return [];
  const createdAt = new Date();
  const data = rows.map((row) => ({
    id: createRowId(),
    userId: row.userId,
    title: row.title,
    message: row.message,
    type: "bid",
    bidStatus: row.bidStatus ?? null,
    details: row.details ? JSON.stringify(row.details) : null,
    createdAt,
  }));
  await tx.notification.createMany({ data });
  return data.map(({ id, userId }) => ({ id, userId }));
}

/** Tells each receiver's live subscriptions; call after the transaction committed. */
export function announceNotifications(deps: Pick<Deps, "pubsub">, stored: StoredNotification[]): void {
  for (const notification of stored) {
    deps.pubsub.publish(`notifications:${notification.userId}`, { notificationId: notification.id });
  }
}

export interface CarrierAudience {
  /** Carriers with areas of operation receive it only when these name one of the states. */
  states: string[];
}

function areasSql(provider: DbProvider): string {
  let expression = `COALESCE("areasOfOperation", '')`;
  for (const separator of AREA_SEPARATORS) {
    const literal =
      separator === "\n" || separator === "\r" || separator === "\t"
        ? `${provider === "postgresql" ? "chr" : "char"}(${separator.charCodeAt(0)})`
        : `'${separator}'`;
    expression = `replace(${expression}, ${literal}, ' ')`;
  }
  return `(' ' || upper(${expression}) || ' ')`;
}

/**
 * The offer fan-out: one notification for every eligible carrier in one INSERT ... SELECT
 * (eligibility as in common/offers.ts `statesNamedIn`: no areas set, or areas naming one of the
 * states by code or name). Returns who was notified, for the live announcement after commit.
 */
export async function notifyEligibleCarriers(
  tx: NotificationWriter,
  provider: DbProvider,
  audience: CarrierAudience,
  content: { title: string; message: string; details?: Record<string, unknown> },
): Promise<StoredNotification[]> {
  const names = new Map(US_STATES);
  const patterns = audience.states.flatMap((code) => {
    const name = names.get(code);
    return name ? [`% ${code} %`, `% ${name.toUpperCase()} %`] : [];
  });
  const areas = areasSql(provider);
  const matches = patterns.map(() => `${areas} LIKE ?`);
  const blank = `TRIM(COALESCE("areasOfOperation", '')) = ''`;
  const eligible = [blank, ...matches].join(" OR ");
  const createdAt = new Date().toISOString();
  const id =
    provider === "postgresql"
      ? `'n' || substr(md5(random()::text || clock_timestamp()::text || "id"), 1, 24)`
      : `'n' || lower(hex(randomblob(12)))`;
  const created = provider === "postgresql" ? `(CAST(? AS timestamptz) AT TIME ZONE 'UTC')` : `?`;
  const isRead = provider === "postgresql" ? "false" : "0";
  const text = `INSERT INTO "Notification" ("id", "userId", "title", "message", "type", "isRead", "bidStatus", "details", "createdAt")
    SELECT ${id}, "id", ?, ?, 'bid', ${isRead}, NULL, ?, ${created}
    FROM "User" WHERE "role" <> 'ADMIN' AND (${eligible})
    RETURNING "id", "userId"`;
  const params = [
    content.title,
    content.message,
    content.details ? JSON.stringify(content.details) : null,
    provider === "postgresql" ? createdAt : `${createdAt.slice(0, -1)}+00:00`,
    ...patterns,
  ];
  return tx.$queryRawUnsafe<StoredNotification[]>(
    provider === "postgresql" ? numberedPlaceholders(text) : text,
    ...params,
  );
}
