import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bidAmountSchema } from "./bid-input.ts";
import {
  centsToAmount,
  centsToDecimal,
  formatCents,
  formatDollars,
  MAX_MONEY_CENTS,
  parseMoneyCents,
  sumCents,
} from "./money.ts";
import { moneyInput } from "./money-input.ts";
import { BID_MESSAGES, bidAmountProblem } from "./offers.ts";

describe("parseMoneyCents", () => {
  it.each([
    [0.01, 1],
    ["0.01", 1],
    [12.34, 1234],
    ["12.3", 1230],
    ["  1250.50 ", 125050],
    ["007", 700],
    [0, 0],
    ["10000000.00", MAX_MONEY_CENTS],
    [0.1, 10],
    [0.2, 20],
  ])("reads %j as %i cents", (value, cents) => {
    expect(parseMoneyCents(value)).toEqual({ cents });
  });

  it.each([
    [0.1 + 0.2, "too_precise"],
    ["12.345", "too_precise"],
    [12.345, "too_precise"],
    ["-1", "negative"],
    [-1, "negative"],
    [-0.01, "negative"],
    ["abc", "not_a_number"],
    ["1,000", "not_a_number"],
    ["1e3", "not_a_number"],
    ["$5", "not_a_number"],
    ["0x10", "not_a_number"],
    [Number.NaN, "not_a_number"],
    [Number.POSITIVE_INFINITY, "not_a_number"],
    [true, "not_a_number"],
    [1e9, "too_large"],
    ["1000000000", "too_large"],
    [1e21, "too_large"],
    ["10000000.01", "too_large"],
    ["99999999999999999999999", "too_large"],
    ["", "missing"],
    [null, "missing"],
    [undefined, "missing"],
  ])("refuses %j (%s)", (value, problem) => {
    expect(parseMoneyCents(value)).toEqual({ problem });
  });

  it("adds in cents: 0.1 + 0.2 is exactly 0.30", () => {
    const cents = sumCents([0.1, 0.2].map((value) => (parseMoneyCents(value) as { cents: number }).cents));
    expect(cents).toBe(30);
    expect(centsToAmount(cents)).toBe(0.3);
    expect(centsToDecimal(cents)).toBe("0.30");
  });

  it("round-trips every amount through its decimal text and its number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY_CENTS }), (cents) => {
        expect(parseMoneyCents(centsToDecimal(cents))).toEqual({ cents });
        expect(parseMoneyCents(centsToAmount(cents))).toEqual({ cents });
      }),
    );
  });

  it("formats for screens", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-2500)).toBe("-$25.00");
    expect(formatCents(MAX_MONEY_CENTS)).toBe("$10,000,000.00");
  });
});

describe("the money rule's bounds", () => {
  it("works the cents out before comparing: 1e-9 is never 0 cents that passed '> 0'", () => {
    expect(parseMoneyCents(1e-9)).toEqual({ problem: "too_precise" });
    expect(parseMoneyCents(1e-9, { minCents: 1 })).toEqual({ problem: "too_precise" });
    expect(parseMoneyCents("0.00", { minCents: 1 })).toEqual({ problem: "too_small" });
    expect(parseMoneyCents(0.01, { minCents: 1 })).toEqual({ cents: 1 });
  });

  it("keeps every amount inside PostgreSQL's 32-bit integer of cents", () => {
    expect(MAX_MONEY_CENTS).toBeLessThan(2 ** 31 - 1);
    expect(parseMoneyCents(21_474_836.48)).toEqual({ problem: "too_large" });
    expect(parseMoneyCents(99_999_999)).toEqual({ problem: "too_large" });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (amount) => {
        const result = parseMoneyCents(amount);
        if ("cents" in result) {
          expect(Number.isSafeInteger(result.cents)).toBe(true);
          expect(result.cents).toBeLessThanOrEqual(MAX_MONEY_CENTS);
          expect(result.cents).toBe(Math.round(amount * 100));
        }
      }),
      { seed: 20261124, numRuns: 2000 },
    );
  });

  it("is a zod rule with each input's own texts", () => {
    const rate = moneyInput((problem) => `rate: ${problem}`, { minCents: 1 });
    expect(rate.parse("12.50")).toBe(1250);
    expect(rate.safeParse(0).error?.issues[0].message).toBe("rate: too_small");
    expect(bidAmountSchema.parse(1850.25)).toBe(185025);
    expect(bidAmountSchema.safeParse(1e-9).error?.issues[0].message).toBe(BID_MESSAGES.invalid);
    expect(bidAmountSchema.safeParse(99_999_999).error?.issues[0].message).toBe(
      "A bid cannot exceed $10,000,000.00",
    );
    expect(bidAmountProblem("10000000")).toBeNull();
    expect(bidAmountProblem("0")).toBe(BID_MESSAGES.invalid);
    expect(bidAmountProblem("10000000.01")).toBe(BID_MESSAGES.tooLarge);
  });

  it("formats dollars as the API carries them like cents, a dash for none", () => {
    expect(formatDollars(1500)).toBe("$1,500.00");
    expect(formatDollars(1850.25)).toBe("$1,850.25");
    expect(formatDollars(0.1 + 0.2)).toBe("$0.30");
    expect(formatDollars(null)).toBe("—");
    expect(formatDollars(1500)).toBe(formatCents(150_000));
  });
});
