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

/**
 * Whether any string (value or key) holds a lone UTF-16 surrogate. Allocation-free, so a
 * 30,000-row upload is checked in milliseconds: the path is only worked out once one is found.
 */
function holdsMalformedText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "string") {
      if (!isWellFormed(current)) return true;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push(current[index]);
    } else if (typeof current === "object" && current !== null) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (!isWellFormed(key)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The path of the first string (value or key) holding a lone UTF-16 surrogate, which JSON's
 * `\ud800` escapes can produce and no database column stores faithfully. Iterative: any depth.
 */
export function findMalformedText(value: unknown): string | null {
  if (!holdsMalformedText(value)) return null;
  const stack: [unknown, string][] = [[value, "$"]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (!isWellFormed(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push([current[index], `${path}[${index}]`]);
    } else if (typeof current === "object" && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (!isWellFormed(key)) return path;
        stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

export const MALFORMED_TEXT = "Text must be valid Unicode (a lone UTF-16 surrogate was sent).";

export function assertWellFormedText(value: unknown): void {
  const path = findMalformedText(value);
  if (path !== null) throw new ValidationError(MALFORMED_TEXT, [{ field: path, message: MALFORMED_TEXT }]);
}
