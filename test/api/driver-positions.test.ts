import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { DALLAS, dispatchedTrip, tripSession } from "../support/driver.ts";

/**
 * The driver app's positions (issue #30): a dispatched load on no route is tracked from its first
 * position (a route of its own, the driver's name on the tracking list); points outside the trip's
 * window, at impossible speeds or already stored are refused or ignored, never moving the truck back;
 * out-of-range coordinates refuse the batch.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

type Result = { accepted: number; duplicates: number; rejected: { index: number; reason: string }[] };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** Near Chicago, a little further east each minute (about 30 mph). */
const chicago = (minutes: number, offset = 0) => ({
  latitude: 41.6,
  longitude: -87.2 + offset * 0.01,
  recordedAt: minutesAgo(minutes),
  speedMph: 30,
});

describe("POST /api/driver/trips/{loadId}/positions", () => {
  it("tracks a dispatched load on no route from its first position, with the driver's name", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const path = `/driver/trips/${trip.load.loadId}/positions`;
    expect(trip.load.routeId).toBeNull();
    const first = await rest<Result>(
      t.app,
      "POST",
      path,
      { positions: [chicago(3, 0), chicago(2, 1)] },
      { token },
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: 2, duplicates: 0, rejected: [] });

    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: trip.load.id } });
    expect(load.routeNumber).toBe(`TRIP-${trip.load.loadId}`);
    const tracked = await gql<{
      trackedRoute: { driverName: string | null; lastPosition: { lat: number; lng: number } | null } | null;
    }>(
      t.app,
      "query ($n: String!) { trackedRoute(routeNumber: $n) { driverName lastPosition { lat lng } } }",
      { n: load.routeNumber },
      { token: world.adminSession.token },
    );
    expect(tracked.errors).toBeUndefined();
    expect(tracked.data?.trackedRoute).toMatchObject({
      driverName: "Dana Driver",
      lastPosition: { lat: 41.6, lng: -87.19 },
    });
    const stored = await t.app.deps.db.trackingPosition.count({ where: { routeId: load.routeId ?? "" } });
    expect(stored).toBe(2);
  });

  it("refuses points outside the trip's window and at impossible speeds, ignores duplicates, never moves back", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const path = `/driver/trips/${trip.load.loadId}/positions`;
    await t.app.deps.db.tripLink.updateMany({
      where: { loadId: trip.load.id },
      data: { createdAt: new Date(Date.now() - 60 * 60_000) },
    });
    const firstPoint = chicago(10, 0);
    expect(
      (await rest<Result>(t.app, "POST", path, { positions: [firstPoint] }, { token })).body.accepted,
    ).toBe(1);
    const batch = [
      firstPoint, // already stored: duplicate
      chicago(90, 0), // before the dispatch (an hour ago)
      { ...chicago(0, 0), recordedAt: new Date(Date.now() + 20 * 60_000).toISOString() }, // future
      { ...DALLAS, recordedAt: minutesAgo(8) }, // Chicago to Dallas in two minutes
      chicago(6, 2), // fine
      chicago(20, 0), // late: history only
    ];
    const answer = await rest<Result>(t.app, "POST", path, { positions: batch }, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.rejected).toEqual([
      { index: 1, reason: "before_dispatch" },
      { index: 2, reason: "future" },
      { index: 3, reason: "too_fast" },
    ]);
    expect([answer.body.accepted, answer.body.duplicates]).toEqual([2, 1]);
    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: trip.load.id } });
    const route = await t.app.deps.db.route.findUniqueOrThrow({ where: { id: load.routeId ?? "" } });
    // The newest accepted point, not the late one nor Dallas.
    expect([route.lastLng, route.lastPositionAt?.toISOString()]).toEqual([-87.18, batch[4].recordedAt]);

    // Delivered: points after delivery plus the grace hour are refused.
    await t.app.deps.db.loadStop.updateMany({
      where: { loadId: trip.load.id, sequence: 2 },
      data: { arrivedAt: new Date(Date.now() - 3 * 3_600_000) },
    });
    await t.app.deps.db.load.update({ where: { id: trip.load.id }, data: { status: "delivered" } });
    const late = await rest<Result>(t.app, "POST", path, { positions: [chicago(1, 3)] }, { token });
    expect(late.body).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [{ index: 0, reason: "after_delivery" }],
    });
  });

  it("answers 400 for coordinates out of range and 404 for another load, storing nothing", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const other = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const path = `/driver/trips/${trip.load.loadId}/positions`;
    for (const bad of [{ latitude: 91 }, { longitude: -181 }]) {
      const refused = await rest(
        t.app,
        "POST",
        path,
        { positions: [chicago(2, 0), { ...chicago(1, 0), ...bad }] },
        { token },
      );
      expect(refused.status).toBe(400);
    }
    const tooMany = Array.from({ length: 501 }, (_, index) => chicago(1, index / 100));
    expect((await rest(t.app, "POST", path, { positions: tooMany }, { token })).status).toBe(400);
    const theirs = await rest(
      t.app,
      "POST",
      `/driver/trips/${other.load.loadId}/positions`,
      { positions: [chicago(1)] },
      { token },
    );
    expect(theirs.status).toBe(404);
    expect((await rest(t.app, "POST", path, { positions: [chicago(1)] })).status).toBe(401);
    const loads = await t.app.deps.db.load.findMany({ where: { id: { in: [trip.load.id, other.load.id] } } });
    expect(loads.map((load) => load.routeId)).toEqual([null, null]);
  });
});
