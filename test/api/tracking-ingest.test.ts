import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role, Viewer } from "../../server/auth/policy.ts";
import { systemContext } from "../../server/context.ts";
import { ForbiddenError, NotFoundError } from "../../server/errors.ts";
import { ingestGroup } from "../../server/tracking/ingest.ts";
import type { TrackPoint } from "../../server/tracking/progress.ts";
import { adminAndCarrier, createTestApp, createUser, rest, type TestApp } from "../support/app.ts";
import { countQueries } from "../support/query-count.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";

/**
 * The position reports of a truck on its way run as driver SQL for a whole group of calls; a
 * batch with a stop event or a route's first point takes the full path after it. These tests
 * drive groups directly (HTTP timing cannot force calls into one group).
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const EQUATOR_STOPS = [
  { type: "pickup" as const, lat: 0, lng: 1 },
  { type: "delivery" as const, lat: 0, lng: 2 },
];

function viewerOf(user: { id: string; userId: string; email: string; role: string }): Viewer {
  return {
    id: user.id,
    userId: user.userId,
    email: user.email,
    role: user.role as Role,
    sessionId: "s",
    platform: "test",
  };
}

const adminViewer = () => viewerOf(world.admin);

function job(routeNumber: string, viewer: Viewer, points: { lng: number; at: string }[], repeated = 0) {
  const byTime = new Map<number, TrackPoint>();
  for (const point of points) {
    const recordedAt = new Date(point.at);
    byTime.set(recordedAt.getTime(), { lat: 0, lng: point.lng, recordedAt, speedMph: 45, heading: null });
  }
  return {
    ctx: systemContext(t.app.deps, viewer),
    viewer,
    routeNumber,
    points: byTime,
    repeatedInBatch: repeated,
  };
}

/** A route whose truck already reported once (its first point takes the full path). */
async function routeOnItsWay(routeNumber: string, lng: number, base: number) {
  const fixture = await trackedRouteFixture(t.app, { routeNumber, stops: EQUATOR_STOPS });
  const first = await rest(
    t.app,
    "POST",
    `/tracking/${routeNumber}/positions`,
    { positions: [{ lat: 0, lng, recordedAt: at(-30, base), speedMph: 45 }] },
    { token: world.adminSession.token },
  );
  expect(first.status).toBe(201);
  return fixture;
}

const route = (routeNumber: string) => t.app.deps.db.route.findUniqueOrThrow({ where: { routeNumber } });

describe("position reports of a truck on its way", () => {
  it("store and move the route without a Prisma query, as the full path would", async () => {
    const base = Date.now();
    await routeOnItsWay("FAST-1", 0, base);
    const counter = countQueries(t.app);
    try {
      const result = await rest(
        t.app,
        "POST",
        "/tracking/FAST-1/positions",
        {
          positions: [0.1, 0.2, 0.3].map((lng, index) => ({
            lat: 0,
            lng,
            recordedAt: at(-29 + index, base),
            speedMph: 45,
          })),
        },
        { token: world.adminSession.token },
      );
      expect(result.status).toBe(201);
      // 1.7 degrees of the equator x 1.2 at 45 mph.
      expect(result.body).toMatchObject({ accepted: 3, duplicates: 0, late: 0, etaMinutes: 188 });
      expect(counter.operations.filter((operation) => !operation.startsWith("Session."))).toEqual([]);
    } finally {
      counter.restore();
    }
    const after = await route("FAST-1");
    expect(after.lastLng).toBeCloseTo(0.3, 6);
    expect(after.lastPositionAt?.toISOString()).toBe(at(-27, base));
    expect(after.etaMinutes).toBe(188);
    expect(after.lastSpeedMph).toBeCloseTo(45, 6);
  });

  it("count repeats within the group, stored repeats and late points per batch", async () => {
    const base = Date.now();
    const { route: fixture } = await routeOnItsWay("FAST-DUP", 0, base);
    const admin = adminViewer();
    const outcomes = await ingestGroup([
      job("FAST-DUP", admin, [
        { lng: 0.01, at: at(-35, base) },
        { lng: 0.1, at: at(-20, base) },
        { lng: 0.2, at: at(-19, base) },
      ]),
      job("FAST-DUP", admin, [
        { lng: 0.2, at: at(-19, base) },
        { lng: 0.3, at: at(-18, base) },
      ]),
      job(
        "FAST-DUP",
        admin,
        [
          { lng: 0, at: at(-30, base) },
          { lng: 0.05, at: at(-25, base) },
        ],
        2,
      ),
    ]);
    expect(
      outcomes.map((outcome) =>
        outcome.ok
          ? {
              accepted: outcome.value.accepted,
              duplicates: outcome.value.duplicates,
              late: outcome.value.late,
            }
          : outcome.error,
      ),
    ).toEqual([
      { accepted: 3, duplicates: 0, late: 1 },
      { accepted: 1, duplicates: 1, late: 0 },
      { accepted: 1, duplicates: 3, late: 1 },
    ]);
    const after = await route("FAST-DUP");
    expect(after.lastPositionAt?.toISOString()).toBe(at(-18, base));
    expect(after.lastLng).toBeCloseTo(0.3, 6);
    expect(await t.app.deps.db.trackingPosition.count({ where: { routeId: fixture.id } })).toBe(6);
  });

  it("send a batch with a stop event, and the route's later batches, through the full path in order", async () => {
    const base = Date.now();
    const { loads } = await routeOnItsWay("FAST-STOP", 0.9, base);
    await routeOnItsWay("FAST-OTHER", 0, base);
    const admin = adminViewer();
    const outcomes = await ingestGroup([
      job("FAST-OTHER", admin, [{ lng: 0.1, at: at(-20, base) }]),
      job("FAST-STOP", admin, [{ lng: 1, at: at(-20, base) }]),
      job("FAST-STOP", admin, [{ lng: 1.2, at: at(-10, base) }]),
    ]);
    expect(outcomes.map((outcome) => outcome.ok && outcome.value.accepted)).toEqual([1, 1, 1]);
    const stopped = await t.app.deps.db.route.findUniqueOrThrow({
      where: { routeNumber: "FAST-STOP" },
      include: { stops: { orderBy: { sequence: "asc" } } },
    });
    expect(stopped.stops[0].arrivedAt?.toISOString()).toBe(at(-20, base));
    expect(stopped.stops[0].departedAt?.toISOString()).toBe(at(-10, base));
    expect(stopped.lastLng).toBeCloseTo(1.2, 6);
    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: loads[0].id } });
    expect(load.status).toBe("in_transit");
    expect((await route("FAST-OTHER")).lastLng).toBeCloseTo(0.1, 6);
  });

  it("let the carrier's telematics account report, refuse another carrier's driver and unknown routes alone", async () => {
    const base = Date.now();
    const { carrier } = await routeOnItsWay("FAST-AUTH", 0, base);
    const telematics = await createUser(t.app, { email: "feed-fast-auth@example.com" });
    await t.app.deps.db.user.update({ where: { id: telematics.id }, data: { carrierId: carrier.id } });
    const { driver: stranger } = await trackedRouteFixture(t.app, {
      routeNumber: "FAST-ELSE",
      stops: EQUATOR_STOPS,
    });
    const outcomes = await ingestGroup([
      job("FAST-AUTH", viewerOf(telematics), [{ lng: 0.1, at: at(-20, base) }]),
      job("FAST-AUTH", viewerOf(stranger), [{ lng: 0.2, at: at(-19, base) }]),
      job("FAST-NONE", adminViewer(), [{ lng: 0.2, at: at(-19, base) }]),
      job("FAST-AUTH", adminViewer(), [{ lng: 0.3, at: at(-18, base) }]),
    ]);
    expect(outcomes[0]).toMatchObject({ ok: true, value: { accepted: 1 } });
    expect(outcomes[1]).toMatchObject({ ok: false });
    expect(!outcomes[1].ok && outcomes[1].error).toBeInstanceOf(ForbiddenError);
    expect(!outcomes[2].ok && outcomes[2].error).toBeInstanceOf(NotFoundError);
    expect(outcomes[3]).toMatchObject({ ok: true, value: { accepted: 1 } });
    const after = await t.app.deps.db.trackingPosition.findMany({
      where: { route: { routeNumber: "FAST-AUTH" } },
      orderBy: { recordedAt: "asc" },
      select: { lng: true },
    });
    expect(after.map((point) => point.lng)).toEqual([0, 0.1, 0.3]);
  });
});
