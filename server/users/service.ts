import { randomBytes } from "node:crypto";
import { EMAIL_TAKEN } from "../../common/auth.ts";
import { auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireSelfOrAdmin, requireViewer } from "../auth/policy.ts";
import { readableOrThrow } from "../auth/read-policy.ts";
import { forgetUser } from "../auth/viewer-cache.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { User } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { bidCountsByStatus } from "../offers/bids/counts.ts";
import { userReadPolicy } from "./read-policy.ts";
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
 */
export async function updateProfile(ctx: Context, idOrUserId: string, input: unknown): Promise<User> {
  const viewer = requireViewer(ctx);
  const target = await findUser(ctx.db, idOrUserId);
  if (!target && !policy.isAdmin(viewer)) throw new ForbiddenError();
  if (!target) throw new NotFoundError(USER_NOT_FOUND);
  requireSelfOrAdmin(ctx, target.id);
  const changes = parseInput(profileInput, input);
  try {
    const updated = await ctx.db.$transaction(async (tx) => {
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
      return row;
    });
    ctx.pubsub.publish(`profile:${updated.id}`, { userId: updated.id });
    await forgetUser(ctx, updated.id);
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
