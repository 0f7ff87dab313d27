import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LARGE_BODY_BYTES, parseJsonText } from "./body.ts";
import { assertWellFormedText, decodeUtf8 } from "./unicode.ts";

/**
 * The REST layer's one body rule, in place of Fastify's own parsers (whose refusals would not carry
 * the API's texts): any content type is read as bytes within the route's limit; a `rawBody` route
 * gets those bytes, every other route their JSON ({} when empty, 415 unless JSON, 400 when not
 * UTF-8, not JSON, nested too deeply or holding lone surrogates).
 */
export function useRestBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, async (request: FastifyRequest, bytes: Buffer) => {
    // No route has this path: the not-found answer does not depend on the body.
    if (request.is404) return undefined;
    if (request.routeOptions.config.rawBody) {
      // A buffer of its own (never a slice of a shared pool): it may be moved to a worker thread.
      return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? new Uint8Array(bytes.buffer)
        : new Uint8Array(bytes);
    }
    const text = decodeUtf8(bytes);
    const parsed = parseJsonText(text, String(request.headers["content-type"] ?? ""));
    if (text.length > LARGE_BODY_BYTES) await nextTurn();
    assertWellFormedText(parsed);
    return parsed;
  });
}
