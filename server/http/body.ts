import { DomainError, ValidationError } from "../errors.ts";
import { assertWellFormedText, decodeUtf8 } from "./unicode.ts";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * Bodies past this size (operators' uploads) let the event loop turn between the steps of their
 * handling, so other requests are answered in between rather than after all of it.
 */
export const LARGE_BODY_BYTES = 256 * 1024;
/**
 * Routes open to anonymous callers (sign-in, sign-up, forgot-password...) take small bodies: a
 * bigger one is refused unread, so no anonymous request costs the parse of thousands of keys.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
/**
 * How deeply a JSON body may nest. Our deepest real bodies (uploads: loads, stops; GraphQL input
 * objects) nest under 10; parsing and walking 100,000 levels costs tens of milliseconds.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = "The request body is nested too deeply.";

/**
 * Whether JSON text nests arrays and objects deeper than `max`, in one pass over the characters
 * before anything parses it (brackets inside strings do not count).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** Refuses (400) JSON text nested past MAX_JSON_DEPTH, before it is parsed. */
export function assertJsonDepth(text: string): void {
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ValidationError(TOO_DEEP);
}

/** A JSON body's value: {} when empty; 415 unless sent as JSON; 400 for bad JSON. */
export function parseJsonText(text: string, contentType: string): unknown {
  if (text.trim() === "") return {};
  if (!contentType.toLowerCase().startsWith("application/json")) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  assertJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError("The request body is not valid JSON.");
  }
}

/** The whole of the JSON body rules, for a body read elsewhere (e.g. in the upload worker). */
export function parseJsonBytes(bytes: Uint8Array, contentType: string): unknown {
  const parsed = parseJsonText(decodeUtf8(bytes), contentType);
  assertWellFormedText(parsed);
  return parsed;
}

/** The refusal of a body past `limit` bytes (413). */
export function bodyTooLarge(limit: number): DomainError {
  const size =
    limit < 1024 * 1024
      ? `${Math.round(limit / 1024)} KB`
      : `${Math.round((limit / 1024 / 1024) * 10) / 10} MB`;
  return new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${size}.`);
}
