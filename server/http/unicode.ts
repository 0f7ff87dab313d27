import { ValidationError } from "../errors.ts";

const LONE_SURROGATE = /\p{Surrogate}/u;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Request bodies must be UTF-8: bytes that are not are refused, never replaced by U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ValidationError("The request body is not valid UTF-8.");
  }
}

/**
 * The path of the first string (value or key) holding a lone UTF-16 surrogate, which JSON's
 * `\ud800` escapes can produce and no database column stores faithfully. Iterative: any depth.
 */
export function findMalformedText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, "$"]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (LONE_SURROGATE.test(current)) return path;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push([current[index], `${path}[${index}]`]);
    } else if (typeof current === "object" && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (LONE_SURROGATE.test(key)) return path;
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
