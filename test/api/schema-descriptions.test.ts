import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schema } from "../../server/schema.ts";
import { deprecatedWithoutReason, undescribed } from "../support/schema-descriptions.ts";

const known = new Set(
  readFileSync(new URL("./schema-descriptions.known.txt", import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

describe("the schema documents itself", () => {
  it("describes every type, field, argument and enum value (add `description:` in the Pothos schema)", () => {
    const missing = undescribed(schema).filter((entry) => !known.has(entry));
    expect(missing, `Add a one-line description to:\n${missing.join("\n")}`).toEqual([]);
  });

  it("gives every deprecation a reason", () => {
    expect(deprecatedWithoutReason(schema)).toEqual([]);
  });
});
