import { ValidationError } from "../errors.ts";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Request bodies must be UTF-8: bytes that are not are refused, never replaced by U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ValidationError("The request body is not valid UTF-8.");
  }
}

/** `String.prototype.isWellFormed` (ES2024, in Node 20; TypeScript's ES2023 lib lacks its type). */
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** One step of a path into parsed JSON: a property name or a list index. */
export type PathStep = string | number;

/**
 * How `findTextProblem` judges the strings of a value. `scope` is what the walk carries down
 * (e.g. the length limit declared for a property); `enter` gives a property's scope from its name
 * and its parent's; `check` judges one string (a value, or a property name in its object's scope).
 */
export interface TextWalk<Scope, Problem> {
  scope: Scope;
  enter(key: string, parent: Scope): Scope;
  check(text: string, scope: Scope): Problem | null;
}

/** A list or object being walked: which of its items comes next, and how the walk reached it. */
interface Frame<Scope> {
  list: unknown[] | null;
  object: Record<string, unknown> | null;
  keys: string[] | null;
  next: number;
  scope: Scope;
  step: PathStep;
}

type Found<Problem> = { path: PathStep[]; problem: Problem } | null;

const stepsOf = <Scope>(frames: Frame<Scope>[], last: PathStep[]): PathStep[] => [
  ...frames.slice(1).map((frame) => frame.step),
  ...last,
];

/**
 * The first string of a parsed JSON value (in document order) that `walk.check` refuses, with
 * its path; a property name's problem is reported at the object holding it. Iterative (any
 * depth), one frame per list or object and nothing per string: a 30,000-row upload is checked in
 * milliseconds.
 */
export function findTextProblem<Scope, Problem>(
  value: unknown,
  walk: TextWalk<Scope, Problem>,
): Found<Problem> {
  if (typeof value === "string") {
    const problem = walk.check(value, walk.scope);
    return problem === null ? null : { path: [], problem };
  }
  const frames: Frame<Scope>[] = [];
  // Opens a list or object (its property names checked first); a problem found there, or null.
  const open = (container: object, scope: Scope, step: PathStep): Found<Problem> => {
    if (Array.isArray(container)) {
      frames.push({ list: container, object: null, keys: null, next: 0, scope, step });
      return null;
    }
    const object = container as Record<string, unknown>;
    const keys = Object.keys(object);
    for (const key of keys) {
      const problem = walk.check(key, scope);
      if (problem !== null) return { path: stepsOf(frames, frames.length > 0 ? [step] : []), problem };
    }
    frames.push({ list: null, object, keys, next: 0, scope, step });
    return null;
  };
  if (typeof value !== "object" || value === null) return null;
  const atRoot = open(value, walk.scope, "");
  if (atRoot) return atRoot;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    const { list, object, keys } = frame;
    if (frame.next >= (list ?? keys!).length) {
      frames.pop();
      continue;
    }
    const index = frame.next++;
    const step: PathStep = list ? index : keys![index];
    const child = list ? list[index] : object![step];
    const scope = list ? frame.scope : walk.enter(step as string, frame.scope);
    if (typeof child === "string") {
      const problem = walk.check(child, scope);
      if (problem !== null) return { path: stepsOf(frames, [step]), problem };
    } else if (typeof child === "object" && child !== null) {
      const found = open(child, scope, step);
      if (found) return found;
    }
  }
  return null;
}

const WELL_FORMED: TextWalk<null, true> = {
  scope: null,
  enter: () => null,
  check: (text) => (isWellFormed(text) ? null : true),
};

/**
 * The path (`$.input.rows[1][1]`) of the first string (value or key) holding a lone UTF-16
 * surrogate, which JSON's `\ud800` escapes can produce and no database column stores faithfully.
 */
export function findMalformedText(value: unknown): string | null {
  const found = findTextProblem(value, WELL_FORMED);
  if (!found) return null;
  return found.path.reduce<string>(
    (text, step) => (typeof step === "number" ? `${text}[${step}]` : `${text}.${step}`),
    "$",
  );
}

export const MALFORMED_TEXT = "Text must be valid Unicode (a lone UTF-16 surrogate was sent).";

export function assertWellFormedText(value: unknown): void {
  const path = findMalformedText(value);
  if (path !== null) throw new ValidationError(MALFORMED_TEXT, [{ field: path, message: MALFORMED_TEXT }]);
}
