import { tooLongMessage } from "./fields.ts";

/**
 * The rule every text input obeys, whatever its field, on every path (GraphQL arguments and input
 * fields, REST bodies and queries, upload cells):
 * - at most TEXT_MAX characters (UTF-16 code units, as zod's `.max` counts), unless the field
 *   declares its own limit (search boxes less, free-text notes more);
 * - no control characters: C0 (U+0000 to U+001F) but tab, line feed and carriage return, and
 *   DEL (U+007F). PostgreSQL cannot store NUL in text at all, and none of them is typed by a person;
 * - valid Unicode: no lone UTF-16 surrogate (JSON's `\ud800` escapes can produce one).
 * A field's own rule (its zod schema or parser) may then be stricter, with its own message.
 */
export const TEXT_MAX = 1000;

/** What a search box takes (list searches, the header search). */
export const SEARCH_TEXT_MAX = 200;

/**
 * Declared limits for a JSON value (REST bodies and queries): `max` for text anywhere (TEXT_MAX by
 * default), `fields` for the text under a property of that name, at any depth, nested values included
 * (`{ message: 5000 }` gives a body's `message` 5,000 characters; `{ rows: 2000 }` every cell of
 * `rows`). The nearest declared property wins.
 */
export interface TextLimits {
  max?: number;
  fields?: Readonly<Record<string, number>>;
}

export type TextProblem = "control" | "surrogate" | "tooLong";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DEL = 0x7f;

/**
 * What is wrong with one text under a limit, or null. One pass over the characters, no regular
 * expression: upload cells are checked by the hundred thousand.
 */
export function textProblem(text: string, max: number): TextProblem | null {
  if (text.length > max) return "tooLong";
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return "control";
    } else if (code === DEL) {
      return "control";
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return "surrogate";
      index++;
    }
  }
  return null;
}

/** The message for a field's text problem; `field` names it as the caller reports it. */
export function textProblemMessage(problem: TextProblem, field: string, max: number): string {
  switch (problem) {
    case "control":
      return `${field} must not contain control characters (such as NUL)`;
    case "surrogate":
      return `${field} must be valid Unicode text`;
    case "tooLong":
      return tooLongMessage(field, max);
  }
}
