import { setImmediate as nextTurn } from "node:timers/promises";
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

/**
 * Reads a request body's bytes, refusing it as soon as it grows past `limit` bytes. The bytes sit
 * in an ArrayBuffer of their own, so they can be handed (transferred) to a worker thread.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a request body as text, refusing it as soon as it grows past `limit` bytes. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  return decodeUtf8(await readBodyBytes(request, limit));
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

export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  const parsed = parseJsonText(text, request.headers.get("content-type") ?? "");
  if (text.length > LARGE_BODY_BYTES) await nextTurn();
  assertWellFormedText(parsed);
  return parsed;
}

function tooLarge(limit: number): DomainError {
  const size =
    limit < 1024 * 1024
      ? `${Math.round(limit / 1024)} KB`
      : `${Math.round((limit / 1024 / 1024) * 10) / 10} MB`;
  return new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${size}.`);
}
