import { z } from "zod";
import { type MoneyProblem, type MoneyRule, parseMoneyCents } from "./money.ts";

// Apart from money.ts, so screens that only format money do not bring zod along.
/**
 * The money rule as a zod schema: any input -> cents, or the issue `message(problem)` gives (each
 * input keeps its own texts, e.g. the spec's 'Please enter a valid bid.').
 */
export function moneyInput(message: (problem: MoneyProblem) => string, rule: MoneyRule = {}) {
  return z.unknown().transform((value, context) => {
    const result = parseMoneyCents(value, rule);
    if ("cents" in result) return result.cents;
    context.addIssue({ code: "custom", message: message(result.problem) });
    return z.NEVER;
  });
}
