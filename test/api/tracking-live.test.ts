import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";
import { twoInstances } from "../support/two-instances.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

const STOPS = [
  { type: "pickup" as const, lat: 0, lng: 1 },
  { type: "delivery" as const, lat: 0, lng: 2 },
];

type RouteEvent = {
  trackedRouteUpdated: { routeNumber: string; etaMinutes: number; lastPosition: { lng: number } };
};
type ListEvent = { trackingUpdated: { routeNumber: string } };

describe("tracking subscriptions", () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof adminAndCarrier>>;
  beforeAll(async () => {
    t = await createTestApp();
    world = await adminAndCarrier(t.app);
  });
  afterAll(() => t.close());

  it("pushes each batch to the route's viewers and the list, and refuses carriers", async () => {
    await trackedRouteFixture(t.app, { routeNumber: "LIVE-1", stops: STOPS });
    await trackedRouteFixture(t.app, { routeNumber: "LIVE-2", stops: STOPS });
    const url = await t.app.start(0);
    const route = subscribeOverWs<RouteEvent>(
      url,
      world.adminSession.token,
      'subscription { trackedRouteUpdated(routeNumber: "LIVE-1") { routeNumber etaMinutes lastPosition { lng } } }',
    );
    const list = subscribeOverWs<ListEvent>(
      url,
      world.adminSession.token,
      "subscription { trackingUpdated { routeNumber } }",
    );
    const carrier = subscribeOverWs(
      url,
      world.carrierSession.token,
      "subscription { trackingUpdated { routeNumber } }",
    );
    try {
      await Promise.all([route.ready, list.ready]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const token = world.adminSession.token;
      await rest(
        t.app,
        "POST",
        "/tracking/LIVE-2/positions",
        { positions: [{ lat: 0, lng: 0, recordedAt: at(-2) }] },
        { token },
      );
      await rest(
        t.app,
        "POST",
        "/tracking/LIVE-1/positions",
        { positions: [{ lat: 0, lng: 0.5, recordedAt: at(-1) }] },
        { token },
      );
      await waitFor(() => route.received.length === 1 && list.received.length === 2);
      expect(route.received[0].trackedRouteUpdated).toEqual({
        routeNumber: "LIVE-1",
        etaMinutes: 166,
        lastPosition: { lng: 0.5 },
      });
      expect(list.received.map((event) => event.trackingUpdated.routeNumber).sort()).toEqual([
        "LIVE-1",
        "LIVE-2",
      ]);
      await waitFor(() => carrier.errors.length > 0);
      expect(carrier.received).toHaveLength(0);
    } finally {
      await Promise.all([route.close(), list.close(), carrier.close()]);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Positions posted to one instance reach a map open on another (PostgreSQL step with Redis). */
describe.runIf(redisUrl)("tracking across two instances", () => {
  const instances = twoInstances(redisUrl);
  let world: Awaited<ReturnType<typeof adminAndCarrier>>;
  beforeAll(async () => {
    world = await adminAndCarrier(instances.first.app);
  });

  it("delivers a position posted on one instance to a subscriber on the other", async () => {
    const { driver } = await trackedRouteFixture(instances.first.app, {
      routeNumber: "SCALE-1",
      stops: STOPS,
    });
    const url = await instances.second.start(0);
    const viewer = subscribeOverWs<RouteEvent>(
      url,
      world.adminSession.token,
      'subscription { trackedRouteUpdated(routeNumber: "SCALE-1") { routeNumber etaMinutes lastPosition { lng } } }',
    );
    try {
      await viewer.ready;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const login = await rest<{ token: string }>(instances.first.app, "POST", "/auth/login", {
        email: driver.email,
        password: "correct-horse-42",
        platform: "desktop",
      });
      const posted = await rest(
        instances.first.app,
        "POST",
        "/tracking/SCALE-1/positions",
        { positions: [{ lat: 0, lng: 0.5, recordedAt: at(-1) }] },
        { token: login.body.token },
      );
      expect(posted.status).toBe(201);
      await waitFor(() => viewer.received.length === 1);
      expect(viewer.received[0].trackedRouteUpdated.lastPosition.lng).toBe(0.5);
    } finally {
      await viewer.close();
    }
  });
});
