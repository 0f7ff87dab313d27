import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { countError } from "../ops/metrics.ts";

const REFUSALS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: "REQUEST_TIMEOUT",
    message: "The request did not arrive in time.",
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: "HEADERS_TOO_LARGE",
    message: "The request's headers are too large.",
  },
};
const MALFORMED = { status: 400, code: "MALFORMED_REQUEST", message: "The request is not valid HTTP." };

/**
 * What Node refuses before Fastify sees a request (headers or body too slow, a head over 16 KiB,
 * bytes that are not HTTP): the API's JSON error body with its code, then the connection closes.
 * Fastify's own answer here has no `code`.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const refusal = REFUSALS[error.code ?? ""] ?? MALFORMED;
  this.log.debug({ err: error }, "client error");
  countError("rest", refusal.code);
  if (socket.writable) {
    const body = JSON.stringify({ message: refusal.message, error: refusal.message, code: refusal.code });
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
