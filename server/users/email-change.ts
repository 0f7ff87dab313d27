import { createHash, randomBytes } from "node:crypto";
import {
  EMAIL_REVERT_DAYS,
  EMAIL_REVERT_INVALID,
  EMAIL_REVERT_TAKEN,
  EMAIL_REVERTED,
} from "../../common/auth.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { hashPassword } from "../auth/passwords.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { forgetUser } from "../auth/viewer-cache.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import type { EmailChange } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { logger } from "../ops/logger.ts";
import { revertEmailChangeInput } from "./validation.ts";

/**
 * A changed sign-in e-mail can be undone from the old address: the change mails it a single-use
 * link (`/revert-email?token=...`, only the token's hash is stored) valid EMAIL_REVERT_DAYS days.
 * Undoing restores the old address, ends every session of the account and resets its password
 * (whoever changed the address knew it), so the owner gets back in through "forgot password" and
 * nobody else does. Several changes in a row each leave a link at the address they replaced; the
 * oldest address has the last word: undoing a change also kills the links of the changes after it.
 */

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

type EmailChangeDb = Pick<Db, "emailChange">;

/** Records a change inside the caller's transaction; answers the token for the old address's link. */
export async function recordEmailChange(
  tx: EmailChangeDb,
  change: { userId: string; oldEmail: string; newEmail: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.emailChange.create({
    data: {
      ...change,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_REVERT_DAYS * 86_400_000),
    },
  });
  return token;
}

function revertLink(ctx: Context, token: string): string {
  return `${ctx.config.appUrl}/revert-email?token=${token}`;
}

/**
 * Tells the old address, with the way back. The change is committed either way: a mail server that
 * is down is logged (the audit trail has the change), not answered to the user as a failure.
 */
export async function mailEmailChanged(
  ctx: Context,
  change: { oldEmail: string; newEmail: string; token: string },
): Promise<void> {
  try {
    await ctx.mailer.send({
      to: change.oldEmail,
      subject: "Your Freightway e-mail address was changed",
      text: [
        `The sign-in e-mail of your Freightway account was changed from ${change.oldEmail} to ${change.newEmail} on ${new Date().toUTCString()}.`,
        "If you made this change, there is nothing to do.",
        "",
        `If you did not, open this link within ${EMAIL_REVERT_DAYS} days to restore ${change.oldEmail}.`,
        "It signs every session of the account out and resets the password, so that only you can sign in again:",
        "",
        revertLink(ctx, change.token),
        "",
        "The link works once.",
      ].join("\n"),
    });
  } catch (error) {
    logger.error(
      { err: error, requestId: ctx.meta.requestId },
      "e-mail change: the notice to the old address failed",
    );
  }
}

function invalidLink(): ValidationError {
  return new ValidationError(EMAIL_REVERT_INVALID, [{ field: "token", message: EMAIL_REVERT_INVALID }]);
}

function isLive(change: EmailChange, now = Date.now()): boolean {
  return !change.revertedAt && !change.cancelledAt && change.expiresAt.getTime() > now;
}

export interface EmailChangeReverted {
  /** The restored sign-in e-mail. */
  email: string;
  message: string;
}

/** Public: the token is the proof. Restores the old address, ends every session, resets the password. */
export async function revertEmailChange(ctx: Context, rawInput: unknown): Promise<EmailChangeReverted> {
  const { token } = parseInput(revertEmailChangeInput, rawInput);
  const change = await ctx.db.emailChange.findUnique({ where: { tokenHash: hashToken(token) } });
  // A password is hashed only for a live link: anonymous callers cannot make us burn CPU.
  if (!change || !isLive(change)) throw invalidLink();
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    await ctx.db.$transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx.emailChange.updateMany({
        where: { id: change.id, revertedAt: null, cancelledAt: null, expiresAt: { gt: now } },
        data: { revertedAt: now },
      });
      if (claimed.count !== 1) throw invalidLink();
      const later = await tx.emailChange.updateMany({
        where: {
          userId: change.userId,
          createdAt: { gt: change.createdAt },
          revertedAt: null,
          cancelledAt: null,
        },
        data: { cancelledAt: now },
      });
      const before = await tx.user.findUniqueOrThrow({
        where: { id: change.userId },
        select: { email: true },
      });
      await tx.user.update({
        where: { id: change.userId },
        data: {
          email: change.oldEmail,
          passwordHash: unusable,
          tempPasswordHash: null,
          tempPasswordExpiresAt: null,
        },
      });
      await recordAudit(tx, {
        actor: auditActor(ctx, change.userId),
        action: "user.email.revert",
        entityType: "User",
        entityId: change.userId,
        details: {
          emailChangeId: change.id,
          cancelledLaterChanges: later.count,
          passwordReset: true,
          changes: { email: { before: before.email, after: change.oldEmail } },
        },
      });
    });
  } catch (error) {
    // The old address was taken by another account meanwhile: nothing changed, the link stays usable.
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_REVERT_TAKEN, "token");
    throw error;
  }
  await revokeUserSessions(ctx, change.userId, "email_reverted");
  await forgetUser(ctx, change.userId);
  ctx.pubsub.publish(`profile:${change.userId}`, { userId: change.userId });
  return { email: change.oldEmail, message: EMAIL_REVERTED };
}
