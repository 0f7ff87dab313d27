import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TEXT_MAX, textProblem, textProblemMessage } from "./input-text.ts";

/** C0 but tab, line feed and carriage return, and DEL. */
const CONTROL = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  0x7f,
].map((code) => String.fromCharCode(code));

/** Any text without control characters or lone surrogates (astral characters included). */
const cleanText = (maxLength: number) =>
  fc
    .string({ unit: "grapheme", maxLength })
    .map((text) => [...text].filter((character) => !CONTROL.includes(character)).join(""));

describe("textProblem", () => {
  it("passes ordinary text, tabs and line breaks, accents and emoji", () => {
    expect(textProblem("Dry van, 53'\tline 2\r\nline 3 — São Paulo 🚚", TEXT_MAX)).toBeNull();
    expect(textProblem("", 0)).toBeNull();
  });

  it("refuses NUL, the other C0 controls and DEL", () => {
    for (const control of CONTROL) expect(textProblem(`a${control}b`, TEXT_MAX), control).toBe("control");
    expect(textProblem("\u0085 next line (C1) is text", TEXT_MAX)).toBeNull();
  });

  it("refuses lone surrogates but not pairs", () => {
    expect(textProblem("\ud800", TEXT_MAX)).toBe("surrogate");
    expect(textProblem("a\udc00", TEXT_MAX)).toBe("surrogate");
    expect(textProblem("\ud83d\ude9a", TEXT_MAX)).toBeNull();
  });

  it("counts UTF-16 code units against the limit, as zod does", () => {
    expect(textProblem("x".repeat(TEXT_MAX), TEXT_MAX)).toBeNull();
    expect(textProblem("x".repeat(TEXT_MAX + 1), TEXT_MAX)).toBe("tooLong");
    expect(textProblem("🚚", 1)).toBe("tooLong");
  });

  it("names the field in every message", () => {
    expect(textProblemMessage("control", "name", 120)).toBe(
      "name must not contain control characters (such as NUL)",
    );
    expect(textProblemMessage("tooLong", "search", 200)).toBe("search is longer than 200 characters");
    expect(textProblemMessage("surrogate", "items[2].name", 10)).toBe(
      "items[2].name must be valid Unicode text",
    );
  });

  it("property: text with a control character is always refused, clean text within the limit always passes", () => {
    fc.assert(
      fc.property(
        cleanText(40),
        fc.constantFrom(...CONTROL),
        cleanText(40),
        fc.integer({ min: 0, max: 200 }),
        (before, control, after, slack) => {
          const dirty = `${before}${control}${after}`;
          expect(textProblem(dirty, dirty.length + slack)).toBe("control");
          const clean = `${before}${after}`;
          expect(textProblem(clean, clean.length + slack)).toBeNull();
          if (clean.length > 0) expect(textProblem(clean, clean.length - 1)).toBe("tooLong");
        },
      ),
      { seed: 20261124, numRuns: 2000 },
    );
  });
});
