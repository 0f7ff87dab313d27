import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TEXT_MAX } from "../../common/input-text.ts";
import { ValidationError } from "../errors.ts";
import { assertCleanText, fieldPath, findBadText } from "./input-text.ts";

describe("findBadText", () => {
  it("passes clean bodies of any shape", () => {
    expect(
      findBadText({ a: ["plain", "tab\there", { b: "line\nbreak" }], n: 3, t: true, z: null }),
    ).toBeNull();
    expect(findBadText("just text")).toBeNull();
    expect(findBadText(undefined)).toBeNull();
  });

  it("names the first offending field in document order, as items[2].name", () => {
    const body = {
      items: [{ name: "ok" }, { name: "ok" }, { name: "bad\u0000", note: "bad\u0001" }],
      z: "\u0007",
    };
    expect(findBadText(body)).toEqual({
      field: "items[2].name",
      message: "items[2].name must not contain control characters (such as NUL)",
    });
    expect(
      findBadText({
        rows: [
          ["a", "b"],
          ["c", "\u007f"],
        ],
      })?.field,
    ).toBe("rows[1][1]");
    expect(findBadText("\u0000")?.field).toBe("input");
  });

  it("checks property names, reported at the object holding them", () => {
    expect(findBadText({ additionalData: { "k\u0000": "v" } })?.field).toBe("additionalData");
    expect(findBadText({ outer: { "k\ud83d": 1 } })).toEqual({
      field: "outer",
      message: "outer must be valid Unicode text",
    });
  });

  it("applies the default limit, and a field's declared one to everything under it", () => {
    expect(findBadText({ name: "x".repeat(TEXT_MAX) })).toBeNull();
    expect(findBadText({ name: "x".repeat(TEXT_MAX + 1) })).toEqual({
      field: "name",
      message: `name is longer than ${TEXT_MAX} characters`,
    });
    const limits = { fields: { message: 5000, search: 200, rows: 2000 } };
    expect(findBadText({ message: "m".repeat(5000) }, limits)).toBeNull();
    expect(findBadText({ message: "m".repeat(5001) }, limits)?.message).toBe(
      "message is longer than 5000 characters",
    );
    expect(findBadText({ search: "s".repeat(201) }, limits)?.field).toBe("search");
    expect(findBadText({ rows: [["c".repeat(2000)]] }, limits)).toBeNull();
    expect(findBadText({ rows: [[], ["c".repeat(2001)]] }, limits)?.field).toBe("rows[1][0]");
    expect(findBadText({ note: "n".repeat(11) }, { max: 10 })?.field).toBe("note");
  });

  it("checks a 30,000-row upload table", () => {
    const rows = Array.from({ length: 30_000 }, (_, row) =>
      Array.from({ length: 16 }, (__, cell) => `${row}-${cell}`),
    );
    expect(findBadText({ rows })).toBeNull();
    rows[29_999][15] = "x\u0000";
    expect(findBadText({ rows })?.field).toBe("rows[29999][15]");
  });

  it("property: a control character anywhere in a JSON body is always found", () => {
    fc.assert(
      fc.property(
        fc.json({ maxDepth: 3 }).map((text) => JSON.parse(text) as unknown),
        fc.integer({ min: 0, max: 31 }).filter((code) => ![9, 10, 13].includes(code)),
        (body, code) => {
          const bad = { body, extra: [`x${String.fromCharCode(code)}`] };
          const found = findBadText(bad, { max: Number.MAX_SAFE_INTEGER });
          expect(found).not.toBeNull();
        },
      ),
      { seed: 20261124, numRuns: 500 },
    );
  });
});

describe("assertCleanText", () => {
  it("throws a ValidationError naming the field", () => {
    expect(() => assertCleanText({ email: "a@example.com", name: "A\u0000" })).toThrowError(ValidationError);
    try {
      assertCleanText({ name: "A\u0000" });
    } catch (error) {
      expect((error as ValidationError).status).toBe(400);
      expect((error as ValidationError).fields).toEqual([
        { field: "name", message: "name must not contain control characters (such as NUL)" },
      ]);
    }
  });
});

describe("fieldPath", () => {
  it("joins names with dots and indexes in brackets", () => {
    expect(fieldPath(["items", 2, "name"])).toBe("items[2].name");
    expect(fieldPath([0, "a"])).toBe("[0].a");
    expect(fieldPath([])).toBe("input");
  });
});
