import { DomainError, ValidationError } from "../errors.ts";
import { assertWellFormedText, decodeUtf8 } from "./unicode.ts";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reads a request body as text, refusing it as soon as it grows past `limit` bytes. */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return "";
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
  return decodeUtf8(Buffer.concat(chunks));
}

export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const text = await readBodyText(request, limit);
  if (text.trim() === "") return {};
  if (!contentType.toLowerCase().startsWith("application/json")) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError("The request body is not valid JSON.");
  }
  assertWellFormedText(parsed);
  return parsed;
}

function tooLarge(limit: number): DomainError {
  const megabytes = Math.round((limit / 1024 / 1024) * 10) / 10;
  return new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${megabytes} MB.`);
}
