/** The spec's literal auth texts (section 8), typos included, and which one a server answer shows. */

export const LOGIN_FAILED = "Incorrect username or password";
export const ALREADY_LOGGED_IN = "User already logged in";
export const DOMAIN_NOT_PERMITTED = "The email domain is not permited.";
export const EMAIL_TAKEN = "The email already exist.";
export const REGISTER_ERROR = "Register Error";
export const INVALID_PHONE = "Invalid phone number";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match. Please try again.";
export const SESSION_ENDED = "Ssession ended. Please re-log in.";
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
  return LOGIN_FAILED;
}

const REGISTER_TEXTS = [DOMAIN_NOT_PERMITTED, EMAIL_TAKEN, INVALID_PHONE, PASSWORDS_DO_NOT_MATCH];

/** Sign-up: the four known texts as they come, anything else 'Register Error'. */
export function registerErrorText(result: FailedResult): string {
  if (result.kind === "network" && result.message) return result.message;
  const message = (result.typename && result.message) || "";
  return REGISTER_TEXTS.includes(message) ? message : REGISTER_ERROR;
}
