import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { countError } from "../ops/metrics.ts";

/** A JSON answer as every path of the API gives it: never cached by the browser or a proxy. */
export function sendJson(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FastifyReply {
  const code = (body as { code?: unknown } | null)?.code;
  if (status >= 400 && typeof code === "string") countError("rest", code);
  return reply
    .code(status)
    .headers({ "cache-control": "no-store", ...headers })
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(body));
}

/**
 * A Fetch Response (Yoga's answers, file downloads) through Fastify's reply, so its compression and
 * headers apply. Event streams stay streams; anything else is read whole first.
 */
export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream") && response.body) {
    return reply.send(Readable.from(response.body as unknown as AsyncIterable<Uint8Array>));
  }
  // Read whole without touching `body`: Yoga's Response (whatwg-node) makes a stream for that, and
  // hands its bytes as a Buffer already, sent as is (Buffer.from would copy every answer).
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength === 0) return reply.send();
  return reply.send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
}
