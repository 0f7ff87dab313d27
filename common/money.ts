/**
 * Money is whole cents everywhere: parsed once from what a person or a legacy client sends,
 * stored and summed as integers, turned back into the spec's number (dollars) only when answering.
 * So 0.1 + 0.2 can never be computed on money: 10 + 20 cents is 30 cents.
 */

/**
 * $10,000,000.00: far above any freight invoice, bid or rate, and well inside PostgreSQL's 32-bit
 * integer columns of cents (at most 2,147,483,647: $21,474,836.47). Every money input (bids,
 * target and customer rates, invoices and bills) is capped here.
 */
export const MAX_MONEY_CENTS = 1_000_000_000;

export type MoneyProblem =
  | "missing"
  | "not_a_number"
  | "negative"
  | "too_precise"
  | "too_small"
  | "too_large";

export interface MoneyRule {
  /** The least amount taken, in cents (0 by default; a bid or a target rate takes 1, "more than 0"). */
  minCents?: number;
}

export type MoneyResult = { cents: number } | { problem: MoneyProblem };

/** Plain decimal notation only: "1250", "1250.5", "1250.50". No signs, exponents or separators. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The one money rule: a non-negative amount with at most two decimals, as a number or a numeric
 * string, in cents. The cents are worked out first, exactly from the decimal text (never through
 * floating point), and every comparison is on them: 1e-9 is not 0 cents that passed a "> 0" on
 * the dollars. '12.345', '-1', 'abc', '1,000', '1e3', 1e-9 and 0.1 + 0.2 (0.30000000000000004)
 * are refused, and so is anything under `minCents` or over MAX_MONEY_CENTS.
 */
export function parseMoneyCents(value: unknown, rule: MoneyRule = {}): MoneyResult {
  if (value === undefined || value === null) return { problem: "missing" };
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { problem: "not_a_number" };
    if (value < 0) return { problem: "negative" };
    // The shortest text that reads back as this double: 12.34 -> "12.34", 0.1 + 0.2 -> "0.30000000000000004".
    text = String(value);
    if (/e/i.test(text)) return value >= 1 ? { problem: "too_large" } : { problem: "too_precise" };
  } else if (typeof value === "string") {
    text = value.trim();
    if (text === "") return { problem: "missing" };
    if (/^-\s*\d/.test(text)) return { problem: "negative" };
  } else {
    return { problem: "not_a_number" };
  }
  const match = DECIMAL.exec(text);
  if (!match) return { problem: "not_a_number" };
  const [, whole, fraction = ""] = match;
  if (fraction.length > 2) return { problem: "too_precise" };
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > String(MAX_MONEY_CENTS).length) return { problem: "too_large" };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_MONEY_CENTS) return { problem: "too_large" };
  if (cents < (rule.minCents ?? 0)) return { problem: "too_small" };
  return { cents };
}

export const isMoneyProblem = (result: MoneyResult): result is { problem: MoneyProblem } =>
  "problem" in result;

/** The spec's number shape: 123456 cents -> 1234.56 (the double closest to it, printed exactly). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/** "1234.56": for CSV files, form inputs and documents; never goes through floating point. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.56" for screens. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const [whole, fraction] = centsToDecimal(Math.abs(cents)).split(".");
  return `${sign}${USD.format(Number(whole)).replace(/\.00$/, "")}.${fraction}`;
}

/**
 * "$1,234.56" of a dollar amount as the API carries it (a number of at most two decimals), or a
 * dash when there is none: the screens' form of `formatCents`.
 */
export function formatDollars(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return "—";
  return formatCents(Math.round(amount * 100));
}

/** "$10,000,000.00": the largest amount, as the messages that refuse more say it. */
export const MAX_MONEY_TEXT = formatCents(MAX_MONEY_CENTS);

/** Totals stay in cents (integers add exactly up to 2^53). */
export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
