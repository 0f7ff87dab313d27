import { describe, expect, it } from "vitest";
import { findMalformedText } from "./unicode.ts";

describe("findMalformedText", () => {
  it("passes well-formed text, astral characters included", () => {
    expect(findMalformedText({ a: ["plain", "🚚 emoji", { ключ: "значение" }], b: 3, c: null })).toBeNull();
  });

  it("names the path of a lone surrogate in a value, at any depth", () => {
    expect(
      findMalformedText({
        input: {
          rows: [
            ["ok", "ok"],
            ["ok", "bad\ud800"],
          ],
        },
      }),
    ).toBe("$.input.rows[1][1]");
    expect(findMalformedText(["\udfff"])).toBe("$[0]");
  });

  it("names the object holding a key with a lone surrogate", () => {
    expect(findMalformedText({ outer: { "k\ud83d": 1 } })).toBe("$.outer");
  });

  it("checks a 30,000-row upload table", () => {
    const rows = Array.from({ length: 30_000 }, (_, row) =>
      Array.from({ length: 16 }, (__, cell) => `${row}-${cell}`),
    );
    expect(findMalformedText({ rows })).toBeNull();
    rows[29_999][15] = "\ud800";
    expect(findMalformedText({ rows })).toBe("$.rows[29999][15]");
  });
});
