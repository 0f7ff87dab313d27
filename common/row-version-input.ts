import { z } from "zod";
import { VERSION_MESSAGE } from "./row-version.ts";

// Apart from row-version.ts, so screens that only show its texts do not bring zod along.
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
