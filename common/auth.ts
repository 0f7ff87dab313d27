import { z } from "zod";
import { email, INVALID_PHONE_MESSAGE, normalizeUsCaPhone, PHONE_COUNTRIES } from "./fields.ts";

/** The spec's text, typo included. */
export const SESSION_ENDED_MESSAGE = "Ssession ended. Please re-log in.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match. Please try again.";
export const DOMAIN_NOT_PERMITTED = "The email domain is not permited.";
export const EMAIL_TAKEN = "The email already exist.";
export const LOGIN_FAILED = "Incorrect username or password";
export const ALREADY_LOGGED_IN = "User already logged in";
export const SESSION_REPLACED_MESSAGE =
  "You were signed out of your other session on this platform because you signed in here.";
export const TEMPORARY_PASSWORD_SENT = "If that address has an account, a temporary password is on its way.";
export const MIN_PASSWORD_LENGTH = 8;

const platform = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{0,19}$/i, "Unknown platform")
  .default("desktop")
  .transform((value) => value.toLowerCase());

export const loginInput = z.object({
  email: email(),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
  rememberMe: z.boolean().optional().default(false),
  platform,
});

export const registerInput = z
  .object({
    email: email(),
    password: z
      .string({ error: "Password is required" })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(200, "Password is too long"),
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

export const sendEmailInput = z.object({ email: email() });

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.infer<typeof registerInput>;
