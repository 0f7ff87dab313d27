import { resolveTimeZone, type UsTimeZone } from "../../../common/date-time.ts";

/**
 * The time zone the screens show and read dates in (common/date-time.ts has the rule): the signed-in
 * frame sets it from the user's stored choice each time it renders; public pages and the time
 * before sign-in use the browser's US zone, else Eastern. A zone is chosen only on My Account,
 * and every other screen mounts afresh after it, so formatting reads this value directly.
 */
function readBrowserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

// Read once: a new Intl.DateTimeFormat costs about a millisecond, and the frame sets the zone on
// every render.
let browser: { zone: string | undefined } | null = null;
function browserZone(): string | undefined {
  browser ??= { zone: readBrowserZone() };
  return browser.zone;
}

let current: UsTimeZone = resolveTimeZone(null, browserZone());

export function viewerZone(): UsTimeZone {
  return current;
}

/** The user's stored choice (null: not chosen yet); returns the zone now in force. */
export function setStoredZone(stored: string | null | undefined): UsTimeZone {
  current = resolveTimeZone(stored, browserZone());
  return current;
}
