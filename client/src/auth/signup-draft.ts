import type { PhoneCountry } from "../lib/phone.ts";

/** What the sign-up form held when the server sent it to /unsupported-email. */
export interface SignupDraft {
  email: string;
  password: string;
  confirmPassword: string;
  country: PhoneCountry;
  phone: string;
}

/**
 * Kept in memory only (never in history state or storage: it holds passwords), so 'Back' from
 * /unsupported-email returns to the filled form; read once.
 */
let draft: SignupDraft | null = null;

export function keepSignupDraft(next: SignupDraft): void {
  draft = next;
}

export function takeSignupDraft(): SignupDraft | null {
  const taken = draft;
  draft = null;
  return taken;
}
