import { useState } from "react";
import { centsToDecimal, parseMoneyCents } from "../../../common/money.ts";
import { type LineValues, linesTotalCents } from "./entry-form.ts";

/**
 * The line items of an Add or Edit form beside its amount: changing the lines sets the amount to
 * their sum; typing the amount of a one-line entry moves that line. `touched`: the lines were
 * edited, so the save sends them (otherwise the amount alone, as the spec's form).
 */
export function useLineItems(initial: LineValues[], setAmount: (amount: string) => void) {
  const [lines, setLines] = useState<LineValues[]>(initial);
  const [touched, setTouched] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const changeLines = (next: LineValues[]) => {
    setLines(next);
    setTouched(true);
    setProblems({});
    const total = linesTotalCents(next);
    if (next.length > 0 && total !== null) setAmount(centsToDecimal(total));
  };

  /** The amount typed: a single line follows it. */
  const followAmount = (amount: string) => {
    if (lines.length !== 1) return;
    const parsed = parseMoneyCents(amount);
    setLines([{ ...lines[0], amount: "cents" in parsed ? centsToDecimal(parsed.cents) : amount }]);
  };

  return {
    lines,
    touched,
    problems,
    setProblems,
    changeLines,
    followAmount,
    amountFromLines: lines.length > 1,
  };
}
