import { z } from "zod";

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

/** The version an editor read: a whole number >= 0 (numeric text too); absent, null or blank: no check. */
const versionField = z
  .union([z.number(), z.string()], { error: VERSION_MESSAGE })
  .nullish()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return undefined;
    const version = Number(value);
    if (!Number.isSafeInteger(version) || version < 0) {
      context.addIssue({ code: "custom", message: VERSION_MESSAGE });
      return z.NEVER;
    }
    return version;
  })
  .meta({
    type: ["integer", "null"],
    description:
      "The version the editor read (the GET answer's `version`): when the row has moved since, nothing is saved and 409 answers. Left out: no check.",
  });

/**
 * The two names an edit input takes the version under: `expectedVersion` (GraphQL's name) and
 * `version` (REST, as GET answers it, so a round trip of the GET answer carries it). Spread into
 * an edit schema's object shape.
 */
export const expectedVersionFields = { expectedVersion: versionField, version: versionField };
