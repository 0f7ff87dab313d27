import { z } from "zod";
import { email, INVALID_PHONE_MESSAGE, normalizeUsCaPhone, PHONE_COUNTRIES } from "./fields.ts";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match. Please try again.";
export const DOMAIN_NOT_PERMITTED = "The email domain is not permited.";
export const EMAIL_TAKEN = "The email already exist.";
export const LOGIN_FAILED = "Incorrect username or password";
export const ALREADY_LOGGED_IN = "User already logged in";
export const SESSION_REPLACED_MESSAGE =
  "You were signed out of your other session on this platform because you signed in here.";
export const TEMPORARY_PASSWORD_SENT = "If that address has an account, a temporary password is on its way.";
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const CURRENT_PASSWORD_WRONG = "The current password is not correct.";
export const PASSWORD_UNCHANGED = "The new password must differ from the current one.";
export const PASSWORD_CHANGED =
  "Your password was changed. Every other session of your account was signed out.";

/** Changing the sign-in e-mail (My Account) needs the current password. */
export const EMAIL_CHANGE_NEEDS_PASSWORD = "Enter your current password to change your e-mail.";
/** How long the link mailed to the old address can undo an e-mail change. */
export const EMAIL_REVERT_DAYS = 7;
export const EMAIL_REVERT_INVALID =
  "This link is not valid any more: it was used already, it expired, or an earlier e-mail change was undone since.";
export const EMAIL_REVERT_TAKEN =
  "The old address belongs to another account now, so it cannot be restored. Please contact us.";
export const EMAIL_REVERTED =
  "Your e-mail address is restored. Every session of your account was signed out and your password was reset: ask for a temporary password to sign in again.";

/** The one rule for a password a user chooses (sign-up and change password). */
export const newPassword = () =>
  z
    .string({ error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(200, "Password is too long");

/** What the sign-up and change-password forms check before sending. */
export function newPasswordProblem(password: string): string | null {
  const result = newPassword().safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? PASSWORD_TOO_SHORT);
}

/**
 * Where a session is signed in from. One live session per user and platform, so the list is
 * closed: free text (`x1`, `x2`, ...) would let one account keep any number of sessions.
 */
export const PLATFORMS = ["desktop", "mobile"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const DEFAULT_PLATFORM: Platform = "desktop";
export const PLATFORM_UNKNOWN = `Platform must be one of ${PLATFORMS.join(", ")}.`;

const platform = z
  .string({ error: PLATFORM_UNKNOWN })
  .trim()
  .toLowerCase()
  .pipe(z.enum(PLATFORMS, { error: PLATFORM_UNKNOWN }))
  .default(DEFAULT_PLATFORM);

export const loginInput = z.object({
  email: email(),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
  rememberMe: z.boolean().optional().default(false),
  platform,
});

export const registerInput = z
  .object({
    email: email(),
    password: newPassword(),
    confirmPassword: z.string({ error: "Confirm your password" }),
    phoneNumber: z.string({ error: INVALID_PHONE_MESSAGE }),
    phoneCountry: z.enum(PHONE_COUNTRIES).optional().default("US"),
    platform,
  })
  .superRefine((input, context) => {
    if (input.password !== input.confirmPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });
    }
    if (!normalizeUsCaPhone(input.phoneNumber, input.phoneCountry)) {
      context.addIssue({ code: "custom", path: ["phoneNumber"], message: INVALID_PHONE_MESSAGE });
    }
  })
  .transform((input) => ({
    ...input,
    phoneNumber: normalizeUsCaPhone(input.phoneNumber, input.phoneCountry)!,
  }));

export const logoutInput = z.object({
  _id: z.string().max(100).optional(),
  platform,
});

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(200),
    newPassword: newPassword(),
    confirmPassword: z.string({ error: "Confirm your password" }),
  })
  .superRefine((input, context) => {
    if (input.newPassword !== input.confirmPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });
    }
    if (input.newPassword === input.currentPassword) {
      context.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_UNCHANGED });
    }
  });

export const sendEmailInput = z.object({ email: email() });

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.infer<typeof registerInput>;
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
