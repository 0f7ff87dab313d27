import type { Sink } from "graphql-ws";
import type { RequestParameters } from "relay-runtime";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSessionStore } from "../lib/session-store.ts";
import { createRelayRuntime, type LiveClient, type LiveClientFactory, WHEN_LIVE } from "./environment.ts";
import { isRefusedClose, type LiveEvents } from "./live-gaps.ts";

const SUBSCRIPTION: RequestParameters = {
  id: null,
  cacheID: "OfferChanged",
  name: "OfferChanged",
  operationKind: "subscription",
  text: "subscription OfferChanged { offerChanged { id } }",
  metadata: {},
};

/** graphql-ws' code as a chunk that arrives (or fails) when the test says. */
function liveConnection(dispose: () => Promise<void> = async () => undefined) {
  const sinks: Sink[] = [];
  const client: LiveClient = {
    subscribe(_payload, sink) {
      sinks.push(sink);
      return () => undefined;
    },
    dispose,
  };
  let arrive: (factory: LiveClientFactory) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const chunk = new Promise<LiveClientFactory>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  const events: LiveEvents[] = [];
  return {
    sinks,
    /** What the environment gave the socket to tell it (the socket's connected, closed...). */
    events,
    load: () => chunk,
    arrive: () =>
      arrive((_session, given) => {
        events.push(given);
        return client;
      }),
    fail: () => fail(new Error("Failed to fetch dynamically imported module")),
  };
}

function signedIn() {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  const session = createSessionStore(storage);
  session.signIn("token", "CARRIER");
  return session;
}

/** What a subscription's observer saw. */
function watch(runtime: ReturnType<typeof createRelayRuntime>) {
  const seen: string[] = [];
  runtime.environment
    .getNetwork()
    .execute(SUBSCRIPTION, {}, {})
    .subscribe({
      next: (response) => seen.push(`next ${JSON.stringify("data" in response ? response.data : response)}`),
      error: (error: Error) => seen.push(`error ${error.message}`),
      complete: () => seen.push("complete"),
    });
  return seen;
}

/** A subscription whose cacheConfig asks to be told when it is live (WHEN_LIVE). */
function watchLive(runtime: ReturnType<typeof createRelayRuntime>, whenLive: () => void) {
  return runtime.environment
    .getNetwork()
    .execute(SUBSCRIPTION, {}, { metadata: { [WHEN_LIVE]: whenLive } })
    .subscribe({});
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Rejections nobody handled while `run` ran: in a page, each is an uncaught page error. */
async function unhandledRejections(run: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", listener);
  try {
    await run();
    await settled();
  } finally {
    process.off("unhandledRejection", listener);
  }
  return unhandled;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("the live connection's code, loaded with the first subscription", () => {
  it("delivers the events of a subscription asked for before graphql-ws had loaded", async () => {
    const live = liveConnection();
    const runtime = createRelayRuntime(signedIn(), live.load);
    cleanups.push(() => runtime.dispose());
    const seen = watch(runtime);
    await settled();
    expect(live.sinks).toHaveLength(0);
    live.arrive();
    await settled();
    expect(live.sinks).toHaveLength(1);
    live.sinks[0].next({ data: { offerChanged: { id: "1" } } });
    live.sinks[0].complete();
    expect(seen).toEqual(['next {"offerChanged":{"id":"1"}}', "complete"]);
  });

  it("opens nothing for a subscription that waited for it across a sign-out: it completes", async () => {
    const live = liveConnection();
    const runtime = createRelayRuntime(signedIn(), live.load);
    const seen = watch(runtime);
    runtime.dispose();
    live.arrive();
    await settled();
    expect(live.sinks).toHaveLength(0);
    expect(seen).toEqual(["complete"]);
  });

  it("raises nothing when the connection being made as it closes is refused (a CloseEvent)", async () => {
    const refused = { code: 4401, reason: "Sign in to open a live connection" };
    const live = liveConnection(() => Promise.reject(refused));
    const runtime = createRelayRuntime(signedIn(), live.load);
    const unhandled = await unhandledRejections(async () => {
      watch(runtime);
      live.arrive();
      await settled();
      runtime.dispose();
    });
    expect(unhandled).toEqual([]);
  });

  it("raises nothing when graphql-ws' code fails to load after a sign-out, and errs the waiting subscription", async () => {
    const live = liveConnection();
    const runtime = createRelayRuntime(signedIn(), live.load);
    let seen: string[] = [];
    const unhandled = await unhandledRejections(async () => {
      seen = watch(runtime);
      runtime.dispose();
      live.fail();
    });
    expect(unhandled).toEqual([]);
    expect(seen).toEqual(["error The live connection failed"]);
  });

  it("loads graphql-ws again for the next subscription after its code failed to load", async () => {
    const failed = liveConnection();
    const loaded = liveConnection();
    const chunks = [failed, loaded];
    const runtime = createRelayRuntime(signedIn(), () => (chunks.shift() ?? loaded).load());
    cleanups.push(() => runtime.dispose());
    const first = watch(runtime);
    failed.fail();
    await settled();
    expect(first).toEqual(["error The live connection failed"]);
    watch(runtime);
    loaded.arrive();
    await settled();
    expect(loaded.sinks).toHaveLength(1);
  });
});

describe("a subscription that asks to be told when it is live (a screen's catch-up fetch)", () => {
  const afterRefetchDelay = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("is told a moment after the socket it went out on is acknowledged, not before", async () => {
    const live = liveConnection();
    const runtime = createRelayRuntime(signedIn(), live.load);
    cleanups.push(() => runtime.dispose());
    let told = 0;
    watchLive(runtime, () => told++);
    live.arrive();
    await afterRefetchDelay();
    expect(live.sinks).toHaveLength(1);
    expect(told).toBe(0); // sent, but the socket has not been acknowledged: not live yet
    live.events[0].connected();
    expect(told).toBe(0);
    await afterRefetchDelay();
    expect(told).toBe(1);
    live.events[0].connected(); // a reconnection later is the gap detector's business
    await afterRefetchDelay();
    expect(told).toBe(1);
  });

  it("is told a moment after it was sent on a socket already open, and others are not told", async () => {
    const live = liveConnection();
    const runtime = createRelayRuntime(signedIn(), live.load);
    cleanups.push(() => runtime.dispose());
    watch(runtime);
    live.arrive();
    await settled();
    live.events[0].connected();
    let told = 0;
    watchLive(runtime, () => told++);
    await settled();
    expect(live.sinks).toHaveLength(2);
    await afterRefetchDelay();
    expect(told).toBe(1);

    live.events[0].closed();
    let toldAfterClose = 0;
    watchLive(runtime, () => toldAfterClose++);
    await afterRefetchDelay();
    expect(toldAfterClose).toBe(0); // the socket is reconnecting: told once it is back
    live.events[0].connected();
    await afterRefetchDelay();
    expect(toldAfterClose).toBe(1);
  });

  it("is not told once it has ended", async () => {
    const live = liveConnection();
    const runtime = createRelayRuntime(signedIn(), live.load);
    cleanups.push(() => runtime.dispose());
    let told = 0;
    const subscription = watchLive(runtime, () => told++);
    live.arrive();
    await settled();
    subscription.unsubscribe();
    live.events[0].connected();
    await afterRefetchDelay();
    expect(told).toBe(0);
  });
});

describe("a socket the server refused", () => {
  const REPLACED =
    "Your session was closed because your account signed in on another device. Please log in again.";

  /** The server over HTTP: what `checkSession` answers, and the operations asked for. */
  function serverAnswering(payload: object) {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: { body: string }) => {
      asked.push((JSON.parse(init.body) as { operationName: string }).operationName);
      return new Response(JSON.stringify(payload), { headers: { "content-type": "application/json" } });
    });
    cleanups.push(() => vi.unstubAllGlobals());
    return asked;
  }

  /** What the environment told the socket to report, once a subscription opened it. */
  async function openSocket(session: ReturnType<typeof signedIn>): Promise<LiveEvents> {
    const live = liveConnection();
    const runtime = createRelayRuntime(session, live.load);
    cleanups.push(() => runtime.dispose());
    watch(runtime);
    live.arrive();
    await settled();
    return live.events[0];
  }

  async function refusedSocket(session: ReturnType<typeof signedIn>, times = 1) {
    const events = await openSocket(session);
    for (let i = 0; i < times; i++) events.refused();
    await settled();
  }

  it("asks the server once, which ends the session here with its message", async () => {
    const asked = serverAnswering({
      data: null,
      errors: [{ message: REPLACED, extensions: { code: "SESSION_ENDED", logout: true } }],
    });
    const session = signedIn();
    await refusedSocket(session, 3);
    expect(asked).toEqual(["ConfirmSessionQuery", "EndSessionLogout"]);
    expect(session.getState().token).toBeNull();
    expect(session.getState().notice?.message).toBe(REPLACED);
  });

  it("keeps a session the server still holds live", async () => {
    const asked = serverAnswering({ data: { checkSession: { valid: true } } });
    const session = signedIn();
    await refusedSocket(session);
    expect(asked).toEqual(["ConfirmSessionQuery"]);
    expect(session.getState().token).toBe("token");
  });

  it("ends the session with the message of the server's sessionEnded notice", async () => {
    const asked = serverAnswering({ data: { logout: { __typename: "LogoutResult" } } });
    const session = signedIn();
    const events = await openSocket(session);
    events.sessionEnded(REPLACED);
    await settled();
    expect(session.getState().token).toBeNull();
    expect(session.getState().notice?.message).toBe(REPLACED);
    // The socket's close that follows asks nothing more: this tab is already signed out.
    events.refused();
    await settled();
    expect(asked).toEqual(["EndSessionLogout"]);
  });

  it("is told only for the server's Unauthorized and Forbidden closes", () => {
    expect([4401, 4403, 1000, 1001, 4205, 4419].map((code) => isRefusedClose({ code }))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(isRefusedClose(new Error("socket error"))).toBe(false);
  });
});
