/**
 * Optimistic concurrency (security issue #24, "lost updates"), the part client and server share.
 * Every edited row (a load, carrier, route, NASS code, invoice or bill) carries a `version` that
 * moves forward with every write. An edit names the version its form read; when the row has moved
 * since, the save is refused with 409 / ConflictError and this text, and nothing is written.
 */

/** The 409's text for a thing ("load", "carrier", ...): the spec's error catalogue has none of its own. */
export function changedElsewhere(thing: string): string {
  return `This ${thing} was changed by someone else. Reload it to see the changes.`;
}

export const VERSION_MESSAGE = "Version must be a whole number >= 0";
