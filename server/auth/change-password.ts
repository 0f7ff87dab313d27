import { changePasswordInput, PASSWORD_CHANGED } from "../../common/auth.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Context } from "../context.ts";
import { UnauthenticatedError } from "../errors.ts";
import { parseInput } from "../lib/validate.ts";
import { enqueueEmail, type QueuedEmail } from "../mail/service.ts";
import { accounts } from "./accounts.ts";
import { assertCurrentPassword } from "./current-password.ts";
import { hashPassword } from "./passwords.ts";
import { requireViewer } from "./policy.ts";
import { revokeUserSessions } from "./sessions.ts";

export interface PasswordChanged {
  message: string;
  /** How many other sessions of the user were signed out. */
  endedSessions: number;
}

/**
 * The signed-in user changes their password: the current one (or a temporary one still pending)
 * proves it is them, the new one follows the sign-up rule. Every other session of the user ends
 * (their open tabs are told at once); this one stays signed in. A confirmation e-mail is queued
 * with the change.
 * Wrong current passwords count as failed logins, so a borrowed session cannot guess faster.
 */
export async function changePassword(ctx: Context, rawInput: unknown): Promise<PasswordChanged> {
  const viewer = requireViewer(ctx);
  const input = parseInput(changePasswordInput, rawInput);
  const user = await accounts.use.byId(ctx, viewer.id);
  if (!user) throw new UnauthenticatedError("Invalid access token");
  await assertCurrentPassword(ctx, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const otherSessions = {
    userId: user.id,
    revokedAt: null,
    ...(viewer.sessionId ? { id: { not: viewer.sessionId } } : {}),
  };
  await ctx.db.$transaction(async (tx) => {
    await accounts.use.replacePasswordHash(tx, user.id, passwordHash);
    // The sessions that end right after the commit: the e-mail and the audit row tell how many.
    const ending = await tx.session.count({ where: otherSessions });
    await recordAudit(tx, {
      actor: auditActor(ctx, user.id),
      action: "auth.password_change",
      entityType: "User",
      entityId: user.id,
      details: { endedSessions: ending },
    });
    await enqueueEmail(tx, confirmation(user.email, ending));
  });
  ctx.mailOutbox.wake();
  const endedSessions = await revokeUserSessions(ctx, user.id, "password_changed", viewer.sessionId);
  return { message: PASSWORD_CHANGED, endedSessions };
}

function confirmation(to: string, endedSessions: number): QueuedEmail {
  return {
    kind: "password_changed",
    to,
    subject: "Your Freightway password was changed",
    text: [
      `The password of your Freightway account was changed on ${new Date().toUTCString()}.`,
      endedSessions > 0
        ? `${endedSessions} other signed-in session(s) were signed out.`
        : "No other session was signed in.",
      "",
      "If you did not change it, use 'Forgot your password?' on the login page at once and tell your operator.",
    ].join("\n"),
  };
}
