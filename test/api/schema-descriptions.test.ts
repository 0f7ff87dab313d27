import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../server/schema.ts";
import { deprecatedWithoutReason, undescribed } from "../support/schema-descriptions.ts";

describe("the schema documents itself", () => {
  it("describes every type, field, argument and enum value (add `description:` in the Pothos schema)", () => {
    const missing = undescribed(schema);
    expect(missing, `Add a one-line description to:\n${missing.join("\n")}`).toEqual([]);
  });

  it("gives every deprecation a reason", () => {
    expect(deprecatedWithoutReason(schema)).toEqual([]);
  });
});

describe("the description checks", () => {
  const sample = buildSchema(`
    "Reads."
    type Query {
      "Described."
      shown(
        "Described."
        a: Int
        b: Int @deprecated
      ): Kind
      bare: Int @deprecated(reason: "Use shown.")
    }
    enum Kind {
      "Described."
      ONE
      TWO @deprecated(reason: "")
    }
    "Described."
    input Filter {
      value: Int @deprecated
    }
  `);

  it("name each undescribed element by its path", () => {
    expect(undescribed(sample)).toEqual([
      "argument Query.shown(b)",
      "enum value Kind.TWO",
      "field Filter.value",
      "field Query.bare",
      "type Kind",
    ]);
  });

  it("name each deprecation without a reason, graphql-js' default text included", () => {
    expect(deprecatedWithoutReason(sample)).toEqual([
      "argument Query.shown(b)",
      "enum value Kind.TWO",
      "field Filter.value",
    ]);
  });
});
