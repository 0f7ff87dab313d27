import type { MailOutboxSettings } from "../config.ts";

/**
 * After the `attempts`-th attempt failed: when to try again (the base wait, doubled after each
 * further failure: 1, 2, 4 ... minutes by default), or null once every attempt is spent.
 */
export function retryAt(
  attempts: number,
  settings: Pick<MailOutboxSettings, "retryBaseMs" | "maxAttempts">,
  now = Date.now(),
): Date | null {
  if (attempts >= settings.maxAttempts) return null;
  return new Date(now + settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}
