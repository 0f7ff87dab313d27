import { changePasswordInput, PASSWORD_CHANGED } from "../../common/auth.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Context } from "../context.ts";
import { UnauthenticatedError } from "../errors.ts";
import { parseInput } from "../lib/validate.ts";
import { logger } from "../ops/logger.ts";
import { replacePasswordHash } from "../users/password.ts";
import { readUserById } from "../users/read.ts";
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
 * (their open tabs are told at once); this one stays signed in. A confirmation e-mail follows.
 * Wrong current passwords count as failed logins, so a borrowed session cannot guess faster.
 */
export async function changePassword(ctx: Context, rawInput: unknown): Promise<PasswordChanged> {
  const viewer = requireViewer(ctx);
  const input = parseInput(changePasswordInput, rawInput);
  const user = await readUserById(ctx, viewer.id);
  if (!user) throw new UnauthenticatedError("Invalid access token");
  await assertCurrentPassword(ctx, user, input.currentPassword);
  await replacePasswordHash(ctx.db, user.id, await hashPassword(input.newPassword));
  const endedSessions = await revokeUserSessions(ctx, user.id, "password_changed", viewer.sessionId);
  await recordAudit(ctx.db, {
    actor: auditActor(ctx, user.id),
    action: "auth.password_change",
    entityType: "User",
    entityId: user.id,
    details: { endedSessions },
  });
  await mailConfirmation(ctx, user.email, endedSessions);
  return { message: PASSWORD_CHANGED, endedSessions };
}

/** The change is done either way: a mail server that is down is logged, not the user's problem. */
async function mailConfirmation(ctx: Context, to: string, endedSessions: number): Promise<void> {
  try {
    await ctx.mailer.send({
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
    });
  } catch (error) {
    logger.error(
      { err: error, requestId: ctx.meta.requestId },
      "password change: the confirmation e-mail failed",
    );
  }
}
