import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAdmissionGate } from "./overload.ts";

afterEach(() => vi.restoreAllMocks());

/** A scope with the gate, and a hook before it that lets the test move the clock between turns. */
function gatedApp(onArrival: () => void) {
  const app = Fastify();
  app.addHook("onRequest", async () => onArrival());
  app.addHook("onRequest", createAdmissionGate({ maxInFlight: 64, maxQueueMs: 50 }).hook("graphql"));
  app.post("/graphql", async () => ({ ok: true }));
  return app;
}

describe("the admission gate", () => {
  it("starts a lone request whose turn came late because the process was not scheduled", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    // Before the gate's turn runs, 2 seconds pass (a stalled process on a busy machine).
    const app = gatedApp(() => {
      setImmediate(() => {
        clock += 2_000;
      });
    });
    const answer = await app.inject({ method: "POST", url: "/graphql", payload: {} });
    expect(answer.statusCode).toBe(200);
    await app.close();
  });

  it("refuses, with a 503 and Retry-After, what a turn could not start in time", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const app = gatedApp(() => {
      setImmediate(() => {
        clock += 2_000;
      });
    });
    // More than one turn's budget arrive together; the turn starts the oldest, the rest waited too long.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ method: "POST", url: "/graphql", payload: {} })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes[0]).toBe(200);
    expect(codes).toContain(503);
    const refused = answers.find((answer) => answer.statusCode === 503);
    expect(refused?.headers["retry-after"]).toBe("1");
    await app.close();
  });

  it("keeps a REST request's place however long its turn takes, and counts it with GraphQL's", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    const app = Fastify();
    app.addHook("onRequest", async () => {
      setImmediate(() => {
        clock += 2_000;
      });
    });
    const gate = createAdmissionGate({ maxInFlight: 64, maxQueueMs: 50 });
    app.get("/api/loads", { onRequest: gate.hook("rest") }, async () => ({ ok: true }));
    app.post("/graphql", { onRequest: gate.hook("graphql") }, async () => ({ ok: true }));
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => app.inject({ method: "GET", url: "/api/loads" })),
      ...Array.from({ length: 40 }, () => app.inject({ method: "POST", url: "/graphql", payload: {} })),
    ]);
    const rest = answers.slice(0, 40).map((answer) => answer.statusCode);
    const graphql = answers.slice(40).map((answer) => answer.statusCode);
    expect(rest.every((code) => code === 200)).toBe(true);
    expect(graphql).toContain(503);
    expect(gate.inFlight()).toBe(0);
    expect(gate.waiting()).toBe(0);
    await app.close();
  });
});
