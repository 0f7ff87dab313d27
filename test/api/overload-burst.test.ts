import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { adminAndCarrier, createTestApp, type TestApp } from "../support/app.ts";

/**
 * Node takes one new connection per turn of its event loop. With every waiting request run in
 * the turn that read it, busy clients made turns of seconds and a burst of new connections sat
 * in the accept queue until its clients timed out (bench/load.ts: 58 timeouts of 200 clients).
 * Over real sockets: while busy clients keep the server working, a burst of new connections is
 * answered within the queue's bound plus a little, each 200 or a 503 with Retry-After, none cut.
 */
const MAX_QUEUE_MS = 300;
/**
 * Before the fix, a third of the burst had no answer after 8 s (each new connection waited for a
 * turn running every busy client's request). After: the burst is taken in a turn per request or
 * so, then waits at most MAX_QUEUE_MS; the rest of the bound is for a loaded machine (two CI runs
 * with the whole suite beside it on 2 cores saw the slowest answer at 7.0 s).
 */
const ANSWERED_WITHIN_MS = 9_000;
/**
 * On a machine so busy that one heavy request alone takes long, the bound grows with it: 100 of
 * them (a quiet machine: 30-60 ms each, so the bound stays 9 s). Before the fix the burst waited
 * for a turn of every busy client's request per connection, 30 x 40 heavy requests: far past it.
 */
const ALONE_FACTOR = 100;
const BUSY_CLIENTS = 40;
const BURST = 30;
/** A request costly enough to make a long turn out of the busy clients' requests. */
const HEAVY = JSON.stringify({
  query:
    "{ __schema { types { name fields { name args { name } type { name kind ofType { name kind } } } } } }",
});

interface Answer {
  status: number | "error" | "no answer";
  retryAfter?: string;
  ms: number;
}

describe("GraphQL overload: a burst of new connections while busy", () => {
  let testApp: TestApp;
  let base: URL;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp({
      graphqlMaxQueueMs: MAX_QUEUE_MS,
      responseCache: false,
      host: "127.0.0.1",
    });
    ({
      adminSession: { token },
    } = await adminAndCarrier(testApp.app));
    base = new URL(await testApp.app.start(0));
  });
  afterAll(() => testApp?.close());

  function ask(agent: Agent | false, giveUpMs: number): Promise<Answer> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      const request = httpRequest(
        {
          host: base.hostname,
          port: base.port,
          path: "/graphql",
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            [CSRF_HEADER]: "1",
          },
          timeout: giveUpMs,
        },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: response.headers["retry-after"],
              ms: ms(),
            }),
          );
        },
      );
      request.on("timeout", () => {
        request.destroy();
        resolve({ status: "no answer", ms: ms() });
      });
      request.on("error", () => resolve({ status: "error", ms: ms() }));
      request.end(HEAVY);
    });
  }

  it("takes and answers every new connection in time: 200, or a 503 with Retry-After", async () => {
    const warm = await ask(false, 10_000);
    expect(warm.status).toBe(200);
    const alone: number[] = [];
    for (let index = 0; index < 3; index++) alone.push((await ask(false, 10_000)).ms);
    const within = Math.max(ANSWERED_WITHIN_MS, ALONE_FACTOR * alone.sort((a, b) => a - b)[1]);

    let busy = true;
    const busyAnswers: Answer[] = [];
    const busyClients = Array.from({ length: BUSY_CLIENTS }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (busy) busyAnswers.push(await ask(agent, 20_000));
      agent.destroy();
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const burst = await Promise.all(Array.from({ length: BURST }, () => ask(false, within + 3_000)));
    busy = false;
    await Promise.all(busyClients);

    const slowest = Math.max(...burst.map((answer) => answer.ms));
    expect(burst.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(burst.filter((answer) => answer.status === 503 && answer.retryAfter !== "1")).toEqual([]);
    expect(busyAnswers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(slowest, `one heavy request alone: ${alone.join(", ")} ms`).toBeLessThan(within);
    // Not all refused: the queue serves whoever is on time. The burst queues behind the busy
    // clients' heavy requests; on a loaded machine every one of the 30 may wait past MAX_QUEUE_MS
    // (a CI run at the PostgreSQL step: all 30 answered 503 in time), so whoever was on time counts.
    expect([...burst, ...busyAnswers].some((answer) => answer.status === 200)).toBe(true);
  }, 120_000);
});
