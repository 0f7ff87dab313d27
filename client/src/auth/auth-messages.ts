/** The spec's literal auth texts (section 8), typos included, and which one a server answer shows. */

import {
  ALREADY_LOGGED_IN,
  DOMAIN_NOT_PERMITTED,
  EMAIL_TAKEN,
  LOGIN_FAILED,
  PASSWORDS_DO_NOT_MATCH,
} from "../../../common/auth.ts";
import { INVALID_PHONE_MESSAGE } from "../../../common/fields.ts";

export const REGISTER_ERROR = "Register Error";
export const PROFILE_SAVE_FAILED = "No se pudo guardar los cambios";
export const WAITLIST_TITLE = "Email Extension Not Supported. We cannot register your email address.";

/** A failed mutation: its kind (no answer at all is "network"), the typed failure and message. */
export interface FailedResult {
  kind: "http" | "network" | "internal";
  typename: string | null;
  message: string | null;
}

/**
 * Login: 'User already logged in' as the server says it; a rate limit keeps its own message (it
 * tells the visitor to wait, which the spec's catch-all would hide); anything else is the
 * catch-all 'Incorrect username or password'. The forgot-password form follows the same rule.
 */
export function loginErrorText(result: FailedResult): string {
  if (result.kind === "network" && result.message) return result.message;
  if (!result.typename) return LOGIN_FAILED;
  if (result.message === ALREADY_LOGGED_IN) return ALREADY_LOGGED_IN;
  if (result.typename === "RateLimitedError" && result.message) return result.message;
  // A disabled account (checked after the password) says so plainly.
  if (result.typename === "ForbiddenError" && result.message) return result.message;
  return LOGIN_FAILED;
}

const REGISTER_TEXTS = [DOMAIN_NOT_PERMITTED, EMAIL_TAKEN, INVALID_PHONE_MESSAGE, PASSWORDS_DO_NOT_MATCH];

/** Sign-up: the four known texts as they come, anything else 'Register Error'. */
export function registerErrorText(result: FailedResult): string {
  if (result.kind === "network" && result.message) return result.message;
  const message = (result.typename && result.message) || "";
  return REGISTER_TEXTS.includes(message) ? message : REGISTER_ERROR;
}
