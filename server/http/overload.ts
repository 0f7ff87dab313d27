import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { countError } from "../ops/metrics.ts";

/**
 * The edge's answer to more work than the process can do in time. Node accepts every connection
 * and starts every request, so past the point where the CPU is busy all the time each answer
 * only waits longer, until clients time out and drop their sockets. Instead, at most
 * `maxInFlight` GraphQL requests run at once and the next one gets a 503 with Retry-After at
 * once (its viewer is not even read), in GraphQL's error shape. @fastify/under-pressure adds the
 * process-wide guard (event loop lag, see edge.ts).
 */
export const OVERLOADED_MESSAGE = "The server is busy. Try again in a moment.";
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

export interface InFlightGate {
  /** Requests currently admitted. */
  inFlight(): number;
}

/** Adds the gate to `scope` (the GraphQL route's); its onRequest hook must run before the others. */
export function limitInFlight(scope: FastifyInstance, maxInFlight: number): InFlightGate {
  let inFlight = 0;
  scope.addHook("onRequest", async (_request: FastifyRequest, reply: FastifyReply) => {
    if (inFlight >= maxInFlight) {
      countError("graphql", "OVERLOADED");
      return reply
        .code(503)
        .headers({ "cache-control": "no-store", "retry-after": String(OVERLOADED_RETRY_AFTER_SECONDS) })
        .type("application/json; charset=utf-8")
        .send(
          JSON.stringify({ errors: [{ message: OVERLOADED_MESSAGE, extensions: { code: "OVERLOADED" } }] }),
        );
    }
    inFlight++;
    let released = false;
    // "close" follows every answer, sent or cut off.
    reply.raw.once("close", () => {
      if (released) return;
      released = true;
      inFlight--;
    });
  });
  return { inFlight: () => inFlight };
}
