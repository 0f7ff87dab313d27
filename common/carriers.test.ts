import { describe, expect, it } from "vitest";
import { normalizeDotNumber, normalizeMcNumber } from "./carriers.ts";

describe("docket numbers", () => {
  it.each([
    ["3124587", "3124587"],
    ["DOT 3124587", "3124587"],
    ["dot-3124587", "3124587"],
    ["USDOT 0003124587", "3124587"],
    ["US DOT #3124587", "3124587"],
    ["DOT", null],
    ["DOT 31A4587", null],
    ["000", null],
    ["123456789", null],
    ["MC-874512", null],
  ])("DOT %j -> %j", (raw, expected) => {
    expect(normalizeDotNumber(raw)).toBe(expected);
  });

  it.each([
    ["874512", "874512"],
    ["MC-874512", "874512"],
    ["MC 874512", "874512"],
    ["mc#0874512", "874512"],
    ["MC-", null],
    ["DOT 874512", null],
    ["MX-874512", null],
  ])("MC %j -> %j", (raw, expected) => {
    expect(normalizeMcNumber(raw)).toBe(expected);
  });
});
