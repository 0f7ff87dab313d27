import {
  TEXT_MAX,
  type TextLimits,
  type TextProblem,
  textProblem,
  textProblemMessage,
} from "../../common/input-text.ts";
import { type FieldError, ValidationError } from "../errors.ts";
import { findTextProblem, type PathStep, type TextWalk } from "./unicode.ts";

/**
 * The text rule of common/input-text.ts over a whole parsed JSON body or query object, for the
 * REST edge: every string (value or property name) within its declared limit, without control
 * characters or lone surrogates. GraphQL gets the same rule from the schema's declarations
 * (server/graphql/bounded-input.ts).
 */

/** `items[2].name`: property names joined by dots, list indexes in brackets; `input` for the value itself. */
export function fieldPath(path: readonly PathStep[]): string {
  let text = "";
  for (const step of path) {
    text += typeof step === "number" ? `[${step}]` : text === "" ? step : `.${step}`;
  }
  return text || "input";
}

interface Found {
  problem: TextProblem;
  max: number;
}

function walkFor(limits: TextLimits): TextWalk<number, Found> {
  const fields = limits.fields ?? {};
  return {
    scope: limits.max ?? TEXT_MAX,
    enter: (key, parent) => (Object.hasOwn(fields, key) ? fields[key] : parent),
    check: (text, max) => {
      const problem = textProblem(text, max);
      return problem === null ? null : { problem, max };
    },
  };
}

/**
 * The first field of a parsed JSON value whose text breaks the rule, with the message to show;
 * null when every string is fine. Numbers, booleans and null are not looked at.
 */
export function findBadText(value: unknown, limits: TextLimits = {}): FieldError | null {
  const found = findTextProblem(value, walkFor(limits));
  if (!found) return null;
  const field = fieldPath(found.path);
  return { field, message: textProblemMessage(found.problem.problem, field, found.problem.max) };
}

/** findBadText as a 400: a ValidationError naming the field. */
export function assertCleanText(value: unknown, limits: TextLimits = {}): void {
  const bad = findBadText(value, limits);
  if (bad) throw new ValidationError(bad.message, [bad]);
}
