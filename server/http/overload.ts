import type { FastifyReply, FastifyRequest } from "fastify";
import { countError } from "../ops/metrics.ts";

/**
 * The edge's answer to more work than the process can do in time.
 *
 * Node takes one new connection per turn of its event loop (libuv 1.46), and a turn runs the
 * callbacks of every socket that has a request waiting. Run in those callbacks, 200 clients'
 * requests made turns of a second or more, so a burst of new connections waited in the kernel's
 * accept queue for tens of turns, unseen, until its clients timed out (bench/accelerators.md,
 * section 3). Instead GraphQL requests wait their turn here, first come first served, and each
 * turn of the loop starts as many as fit in TURN_BUDGET_MS (learnt from the turns before): turns
 * stay short, and connections are taken and requests read as they come.
 *
 * A request that has waited `maxQueueMs` gets a 503 with Retry-After rather than a longer wait;
 * with `maxInFlight` requests started and not answered (waiting on the database), the next one
 * gets that 503 at once (its viewer is not even read). GraphQL and the REST paths under /api share
 * one gate (one queue, one count): each is refused in its own error shape. A REST request is never
 * refused for its wait, only when every place is taken: the compatibility layer's callers (scripts,
 * integrators) get the answers they always got, 429 included, just in turn.
 * @fastify/under-pressure adds the process-wide guard (event loop lag, see edge.ts).
 */
export const OVERLOADED_MESSAGE = "The server is busy. Try again in a moment.";
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

/**
 * How long a turn of the event loop may spend starting waiting requests. Longer turns start more
 * requests at a time (less work per request: 1.0-1.2 instead of 1.5-1.6 ms of CPU for the load
 * list when eight start together) but take new connections less often (one per turn).
 */
export const TURN_BUDGET_MS = 10;

export interface AdmissionLimits {
  /** Requests started and not yet answered. */
  maxInFlight: number;
  /** The longest a request waits for its turn before it is answered 503. */
  maxQueueMs: number;
}

export interface InFlightGate {
  /** Requests started and not yet answered. */
  inFlight(): number;
  /** Requests waiting for their turn. */
  waiting(): number;
}

type Outcome = "run" | "late" | "gone";

interface Waiting {
  since: number;
  state: "waiting" | "running" | "gone";
  /** REST's: waits however long its turn takes (refused only when every place is taken). */
  patient: boolean;
  settle(outcome: Outcome): void;
}

export type GatedApi = "graphql" | "rest";

/** The refusal as each API's clients read errors: GraphQL's `errors`, REST's `message` and `code`. */
const OVERLOADED_BODY: Record<GatedApi, string> = {
  graphql: JSON.stringify({ errors: [{ message: OVERLOADED_MESSAGE, extensions: { code: "OVERLOADED" } }] }),
  rest: JSON.stringify({ message: OVERLOADED_MESSAGE, error: OVERLOADED_MESSAGE, code: "OVERLOADED" }),
};

export function sendOverloaded(reply: FastifyReply, api: GatedApi): FastifyReply {
  return reply
    .code(503)
    .headers({ "cache-control": "no-store", "retry-after": String(OVERLOADED_RETRY_AFTER_SECONDS) })
    .type("application/json; charset=utf-8")
    .send(OVERLOADED_BODY[api]);
}

export interface AdmissionGate extends InFlightGate {
  /** The onRequest hook that makes a request wait its turn; it must run before the route's others. */
  hook(api: GatedApi): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
}

/** One queue and one count of requests in flight, for every route whose onRequest starts with `hook`. */
export function createAdmissionGate(limits: AdmissionLimits): AdmissionGate {
  let inFlight = 0;
  const queue: Waiting[] = [];
  let turnScheduled = false;
  let deadline: NodeJS.Timeout | undefined;
  /** What starting one request costs the loop's turn, learnt (ms); and how many the last turn started. */
  let costMs = 1;
  let startedLastTurn = 0;
  let lastTurnAt = 0;
  let continued = false;

  function scheduleTurn() {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(turn);
  }

  /** One turn of the event loop: answer whoever waited too long, start the next requests. */
  function turn() {
    turnScheduled = false;
    clearTimeout(deadline);
    const now = performance.now();
    // Right after a turn that started requests: the time since is (mostly) their work.
    // (A sample is capped at the budget: one turn the process was not scheduled must not leave
    // every later turn starting one request.)
    if (continued && startedLastTurn > 0)
      costMs += (Math.min(TURN_BUDGET_MS, (now - lastTurnAt) / startedLastTurn) - costMs) / 4;
    continued = false;
    startedLastTurn = 0;
    lastTurnAt = now;
    // The oldest start first, however long they waited: a turn that comes late because the
    // process was not scheduled (a busy machine) must not refuse the requests it can start.
    for (let n = Math.max(1, Math.floor(TURN_BUDGET_MS / costMs)); n > 0; ) {
      if (queue.length === 0 || inFlight >= limits.maxInFlight) break;
      const next = queue.shift() as Waiting;
      if (next.state === "gone") {
        next.settle("gone");
        continue;
      }
      next.state = "running";
      inFlight++;
      startedLastTurn++;
      n--;
      next.settle("run");
    }
    // Only what this turn could not start is refused for waiting too long; REST keeps its place.
    const kept: Waiting[] = [];
    while (queue.length > 0 && (queue[0].state === "gone" || now - queue[0].since > limits.maxQueueMs)) {
      const late = queue.shift() as Waiting;
      if (late.state === "gone") late.settle("gone");
      else if (late.patient) kept.push(late);
      else late.settle("late");
    }
    queue.unshift(...kept);
    if (queue.length === 0) return;
    // With all places taken, the next answer starts a turn, or the oldest impatient wait runs out.
    if (inFlight < limits.maxInFlight) {
      continued = true;
      scheduleTurn();
      return;
    }
    const impatient = queue.find((waiting) => !waiting.patient && waiting.state === "waiting");
    if (impatient) deadline = setTimeout(turn, limits.maxQueueMs - (now - impatient.since) + 1).unref();
  }

  const hook = (api: GatedApi) => async (_request: FastifyRequest, reply: FastifyReply) => {
    if (inFlight >= limits.maxInFlight) {
      countError(api, "OVERLOADED");
      return sendOverloaded(reply, api);
    }
    const outcome = await new Promise<Outcome>((settle) => {
      const waiting: Waiting = {
        since: performance.now(),
        state: "waiting",
        patient: api === "rest",
        settle,
      };
      queue.push(waiting);
      // "close" follows every answer, sent or cut off, and a client that left while waiting.
      reply.raw.once("close", () => {
        if (waiting.state !== "running") {
          waiting.state = "gone";
          return;
        }
        inFlight--;
        if (queue.length > 0) scheduleTurn();
      });
      scheduleTurn();
    });
    if (outcome === "run") return undefined;
    if (outcome === "late") countError(api, "OVERLOADED");
    return sendOverloaded(reply, api);
  };
  return { hook, inFlight: () => inFlight, waiting: () => queue.length };
}
