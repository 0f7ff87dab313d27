import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from "../../common/auth.ts";
import type { Context } from "../context.ts";
import { ValidationError } from "../errors.ts";
import type { User } from "../generated/sqlite/client.ts";
import { verifyPassword } from "./passwords.ts";
import { assertLoginAllowed, recordLoginAttempt } from "./rate-limit.ts";

type Credentials = Pick<User, "email" | "passwordHash" | "tempPasswordHash" | "tempPasswordExpiresAt">;

/** The current password, or a still-valid temporary one from "forgot password". */
async function isCurrentPassword(user: Credentials, password: string): Promise<boolean> {
  if (await verifyPassword(password, user.passwordHash)) return true;
  const temporaryLive = user.tempPasswordHash && (user.tempPasswordExpiresAt?.getTime() ?? 0) > Date.now();
  return Boolean(temporaryLive && (await verifyPassword(password, user.tempPasswordHash!)));
}

function currentPasswordError(message: string): ValidationError {
  return new ValidationError(message, [{ field: "currentPassword", message }]);
}

/**
 * A sensitive change (the password, the sign-in e-mail) is proven by the signed-in user's current
 * password, so a stolen access token alone cannot take the account over. Refusals name the input
 * field `currentPassword`. Wrong passwords count as failed logins (same back-off), so a borrowed
 * session cannot guess faster than the login form.
 */
export async function assertCurrentPassword(
  ctx: Context,
  user: Credentials,
  password: string | null | undefined,
): Promise<void> {
  if (!password) throw currentPasswordError(CURRENT_PASSWORD_REQUIRED);
  await assertLoginAllowed(ctx, user.email);
  if (!(await isCurrentPassword(user, password))) {
    await recordLoginAttempt(ctx, user.email, false);
    throw currentPasswordError(CURRENT_PASSWORD_WRONG);
  }
}
