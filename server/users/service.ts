import { randomBytes } from "node:crypto";
import { EMAIL_TAKEN } from "../../common/auth.ts";
import { auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { assertCurrentPassword } from "../auth/current-password.ts";
import { policy, requireSelfOrAdmin, requireViewer } from "../auth/policy.ts";
import { readableOrThrow } from "../auth/read-policy.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { forgetUser } from "../auth/viewer-cache.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { User } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { enqueueEmail } from "../mail/service.ts";
import { bidCountsByStatus } from "../offers/bids/counts.ts";
import { emailChangedNotice, recordEmailChange } from "./email-change.ts";
import { userReadPolicy } from "./read-policy.ts";
import { emailInUse } from "./records.ts";
import { profileInput } from "./validation.ts";

/** Readable, unambiguous, e.g. FW-7K3M9Q2P. */
export function generateUserId(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  return `FW-${Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

/** Accepts the database id or the human userId. */
export async function findUser(db: Db, idOrUserId: string): Promise<User | null> {
  return db.user.findFirst({ where: { OR: [{ id: idOrUserId }, { userId: idOrUserId }] } });
}

/** What a missing user, and one the viewer may not read, answer alike. */
export const USER_NOT_FOUND = "User not found";

async function userOrThrow(db: Db, idOrUserId: string): Promise<User> {
  const user = await findUser(db, idOrUserId);
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  return user;
}

/** A user the viewer may read (userReadPolicy): another user's record answers as an unknown one. */
async function readableUser(ctx: Context, idOrUserId: string): Promise<User> {
  requireViewer(ctx);
  return readableOrThrow(userReadPolicy, ctx, await findUser(ctx.db, idOrUserId), USER_NOT_FOUND);
}

export async function getOwnProfile(ctx: Context): Promise<User> {
  return userOrThrow(ctx.db, requireViewer(ctx).id);
}

export async function getUser(ctx: Context, idOrUserId: string): Promise<User> {
  return readableUser(ctx, idOrUserId);
}

/**
 * Changes a profile: the viewer's own, or anyone's for an admin. A carrier naming anyone else is
 * refused with 403 whether that user exists or not (an admin gets 404 for an unknown one).
 * Every field but the sign-in e-mail changes freely. A new e-mail (one that differs from the stored
 * one: the form sends it every time) needs the caller's current password, so a stolen access token
 * cannot move the account to another mailbox; the old address is then mailed a way back, and the
 * account's other sessions end (all of them when an admin changed someone else's address).
 */
export async function updateProfile(ctx: Context, idOrUserId: string, input: unknown): Promise<User> {
  const viewer = requireViewer(ctx);
  const target = await findUser(ctx.db, idOrUserId);
  if (!target && !policy.isAdmin(viewer)) throw new ForbiddenError();
  if (!target) throw new NotFoundError(USER_NOT_FOUND);
  requireSelfOrAdmin(ctx, target.id);
  const { currentPassword, ...changes } = parseInput(profileInput, input);
  const newEmail = changes.email !== undefined && changes.email !== target.email ? changes.email : null;
  if (newEmail) {
    if (await emailInUse(ctx.db, newEmail)) throw new ConflictError(EMAIL_TAKEN, "email");
    const caller = viewer.id === target.id ? target : await userOrThrow(ctx.db, viewer.id);
    await assertCurrentPassword(ctx, caller, currentPassword);
  } else {
    delete changes.email;
  }
  try {
    const { updated, revertToken } = await ctx.db.$transaction(async (tx) => {
      const row = await tx.user.update({ where: { id: target.id }, data: changes });
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "user.profile.update",
        entityType: "User",
        entityId: target.id,
        details: {
          fields: Object.keys(changes),
          changes: changedFields(target, row, Object.keys(changes) as (keyof User & string)[]),
        },
      });
      const token = newEmail
        ? await recordEmailChange(tx, { userId: target.id, oldEmail: target.email, newEmail })
        : null;
      if (newEmail && token) {
        await enqueueEmail(tx, emailChangedNotice(ctx, { oldEmail: target.email, newEmail, token }));
      }
      return { updated: row, revertToken: token };
    });
    ctx.pubsub.publish(`profile:${updated.id}`, { userId: updated.id });
    if (revertToken) ctx.mailOutbox.wake();
    await forgetUser(ctx, updated.id);
    if (newEmail && revertToken) {
      const endedSessions = await revokeUserSessions(ctx, target.id, "email_changed", viewer.sessionId);
      await recordAudit(ctx.db, {
        actor: auditActor(ctx),
        action: "user.email.change",
        entityType: "User",
        entityId: target.id,
        details: { endedSessions },
      });
    }
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN, "email");
    throw error;
  }
}

export interface UserRating {
  userId: string;
  wins: number;
  losses: number;
  totalBids: number;
  /** 0 to 5 stars from the share of decided bids won; null until a bid was decided. */
  rating: number | null;
}

/**
 * A carrier's standing, derived from its decided bids: part of the user's record, so read under
 * the user's read policy (itself or an admin); anyone else's answers as an unknown user's.
 */
export async function getUserRating(ctx: Context, idOrUserId: string): Promise<UserRating> {
  const user = await readableUser(ctx, idOrUserId);
  const counts = await bidCountsByStatus(ctx.db, user.id);
  const wins = counts.get("winner") ?? 0;
  const losses = counts.get("loser") ?? 0;
  const totalBids = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const decided = wins + losses;
  return {
    userId: user.userId,
    wins,
    losses,
    totalBids,
    rating: decided === 0 ? null : Math.round((wins / decided) * 50) / 10,
  };
}
