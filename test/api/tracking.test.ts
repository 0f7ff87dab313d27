import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type TestApp,
} from "../support/app.ts";
import { carrierWithDriver } from "../support/loads.ts";
import { countQueries } from "../support/query-count.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  admin = world.adminSession.token;
});
afterAll(() => t.close());

/** Along the equator one degree of longitude is 69.0933 great-circle miles. */
const EQUATOR_STOPS = [
  { type: "pickup" as const, lat: 0, lng: 1 },
  { type: "delivery" as const, lat: 0, lng: 2 },
];

async function driverToken(suffix: string) {
  return (await loginAs(t.app, `driver-${suffix}@example.com`)).token;
}

async function positionCount(routeId: string) {
  return t.app.deps.db.trackingPosition.count({ where: { routeId } });
}

function post(routeNumber: string, positions: unknown[], token: string | null) {
  return rest(t.app, "POST", `/tracking/${routeNumber}/positions`, { positions }, { token });
}

describe("POST /tracking/{routeNumber}/positions: validation", () => {
  it("refuses bad points with a 400 naming the field, and stores nothing of the batch", async () => {
    const { route } = await trackedRouteFixture(t.app, { routeNumber: "VAL-1", stops: EQUATOR_STOPS });
    const good = { lat: 0, lng: 0.5, recordedAt: at(-1) };
    const cases: [unknown[], string][] = [
      [[good, { lat: 91, lng: 0, recordedAt: at(-1) }], "positions.1.lat"],
      [[{ lat: 0, lng: -181, recordedAt: at(-1) }], "positions.0.lng"],
      [[good, { lat: 0, lng: 0, recordedAt: at(10) }], "positions.1.recordedAt"],
      [[{ lat: 0, lng: 0, recordedAt: "yesterday-ish" }], "positions.0.recordedAt"],
      [[{ lat: "0", lng: 0, recordedAt: at(-1) }], "positions.0.lat"],
      [[], "positions"],
      [Array.from({ length: 501 }, (_, i) => ({ lat: 0, lng: 0, recordedAt: at(-600 + i) })), "positions"],
    ];
    for (const [positions, field] of cases) {
      const result = await post("VAL-1", positions, admin);
      expect(result.status, field).toBe(400);
      expect((result.body.errors as { field: string }[]).map((error) => error.field)).toContain(field);
    }
    expect(await positionCount(route.id)).toBe(0);
    const missing = await rest(t.app, "POST", "/tracking/VAL-1/positions", { points: [] }, { token: admin });
    expect(missing.status).toBe(400);
    // Four minutes ahead is within the allowed clock skew.
    expect((await post("VAL-1", [{ lat: 0, lng: 0, recordedAt: at(4) }], admin)).status).toBe(201);
  });

  it("answers 404 for an unknown route", async () => {
    const result = await post("NOPE", [{ lat: 0, lng: 0, recordedAt: at(-1) }], admin);
    expect(result.status).toBe(404);
    expect(result.body.message).toBe("Route not found");
  });
});

describe("who may report and read", () => {
  it("lets the route's driver, a user of its carrier and an admin report; not another carrier's driver", async () => {
    const { route, carrier } = await trackedRouteFixture(t.app, {
      routeNumber: "PERM-1",
      stops: EQUATOR_STOPS,
    });
    await carrierWithDriver(t.app, "other");
    const point = (minutes: number) => [{ lat: 0, lng: 0.1, recordedAt: at(minutes) }];

    expect((await post("PERM-1", point(-10), null)).status).toBe(401);
    const stranger = await post("PERM-1", point(-10), await driverToken("other"));
    expect(stranger.status).toBe(403);
    expect((await post("PERM-1", point(-10), world.carrierSession.token)).status).toBe(403);
    expect(await positionCount(route.id)).toBe(0);

    expect((await post("PERM-1", point(-9), await driverToken("PERM-1"))).status).toBe(201);
    const dispatcher = await createUser(t.app, { email: "dispatch-perm@example.com" });
    await t.app.deps.db.user.update({ where: { id: dispatcher.id }, data: { carrierId: carrier.id } });
    const dispatcherToken = (await loginAs(t.app, "dispatch-perm@example.com")).token;
    expect((await post("PERM-1", point(-8), dispatcherToken)).status).toBe(201);
    expect((await post("PERM-1", point(-7), admin)).status).toBe(201);
    expect(await positionCount(route.id)).toBe(3);
  });

  it("keeps tracking data from anonymous callers and carriers", async () => {
    await trackedRouteFixture(t.app, { routeNumber: "PERM-2", stops: EQUATOR_STOPS });
    expect((await rest(t.app, "GET", "/tracking/PERM-2")).status).toBe(401);
    expect((await rest(t.app, "GET", "/tracking")).status).toBe(401);
    const carrier = world.carrierSession.token;
    expect((await rest(t.app, "GET", "/tracking/PERM-2", undefined, { token: carrier })).status).toBe(403);
    const query = await gql(t.app, "{ trackedRoutes { totalCount } }", {}, { token: carrier });
    expect(query.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const anonymous = await gql(t.app, '{ trackedRoute(routeNumber: "PERM-2") { etaMinutes } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("ETA", () => {
  it("follows great-circle miles x 1.2 over the observed speed, 45 mph when unknown", async () => {
    await trackedRouteFixture(t.app, { routeNumber: "ETA-1", stops: EQUATOR_STOPS });
    // 69.0933 mi to the pickup, 69.0933 more to the delivery; x 1.2 road factor.
    const first = await post("ETA-1", [{ lat: 0, lng: 0, recordedAt: at(-30) }], admin);
    expect(first.body).toMatchObject({ accepted: 1, etaMinutes: 221, nextStopEtaMinutes: 111 });

    await trackedRouteFixture(t.app, { routeNumber: "ETA-2", stops: EQUATOR_STOPS });
    const reported = await post("ETA-2", [{ lat: 0, lng: 0, recordedAt: at(-30), speedMph: 60 }], admin);
    expect(reported.body).toMatchObject({ etaMinutes: 166, nextStopEtaMinutes: 83 });

    // A crawl is clamped to 20 mph, a 90 mph reading to 65 mph.
    await trackedRouteFixture(t.app, { routeNumber: "ETA-3", stops: EQUATOR_STOPS });
    const slow = await post("ETA-3", [{ lat: 0, lng: 0, recordedAt: at(-30), speedMph: 3 }], admin);
    expect(slow.body).toMatchObject({ etaMinutes: 497, nextStopEtaMinutes: 249 });
    await trackedRouteFixture(t.app, { routeNumber: "ETA-4", stops: EQUATOR_STOPS });
    const fast = await post("ETA-4", [{ lat: 0, lng: 0, recordedAt: at(-30), speedMph: 90 }], admin);
    expect(fast.body).toMatchObject({ etaMinutes: 153, nextStopEtaMinutes: 77 });
  });

  it("derives the speed from consecutive points when the device sends none", async () => {
    await trackedRouteFixture(t.app, { routeNumber: "ETA-5", stops: EQUATOR_STOPS });
    // 0.25 degree (17.273 mi) in 18 minutes = 57.58 mph; then 1.25 + 1 degrees to go.
    const result = await post(
      "ETA-5",
      [
        { lat: 0, lng: -0.25, recordedAt: at(-22) },
        { lat: 0, lng: 0, recordedAt: at(-4) },
      ],
      admin,
    );
    expect(result.body).toMatchObject({ accepted: 2 });
    const route = await rest<{ speedMph: number; eta: number }>(t.app, "GET", "/tracking/ETA-5", undefined, {
      token: admin,
    });
    expect(route.body.speedMph).toBeCloseTo(57.6, 1);
    expect(route.body.eta).toBe(Math.round(((2 * 69.0933 * 1.2) / 57.58) * 60));
  });
});

describe("arrivals, departures and load status", () => {
  it("marks stops by geofence and moves the loads to in_transit, then delivered (audited)", async () => {
    const { route, loads } = await trackedRouteFixture(t.app, {
      routeNumber: "ARR-1",
      stops: [
        { type: "pickup", lat: 41.75, lng: -87.8 },
        { type: "stop", lat: 41.0, lng: -85.0 },
        { type: "delivery", lat: 40.0, lng: -82.9 },
      ],
      loadIds: ["ARR-L1", "ARR-L2"],
    });
    await t.app.deps.db.load.update({ where: { id: loads[1].id }, data: { status: "cancelled" } });
    // A customer and rate: the delivery drafts the invoice (billing follows operations, issue 14).
    await t.app.deps.db.load.update({
      where: { id: loads[0].id },
      data: { customer: "Tracked Foods", customerRateCents: 77_700 },
    });
    const driver = await driverToken("ARR-1");
    const status = async (id: string) =>
      (await t.app.deps.db.load.findUniqueOrThrow({ where: { id } })).status;

    // 100 m from the pickup: arrived, still pending.
    const atPickup = at(-120);
    await post("ARR-1", [{ lat: 41.7509, lng: -87.8, recordedAt: atPickup }], driver);
    let stops = await t.app.deps.db.routeStop.findMany({
      where: { routeId: route.id },
      orderBy: { sequence: "asc" },
    });
    expect(stops[0].arrivedAt?.toISOString()).toBe(atPickup);
    expect(stops[0].departedAt).toBeNull();
    expect(await status(loads[0].id)).toBe("pending");

    // 1 km away: departed the first pickup -> in_transit; the cancelled load stays cancelled.
    await post("ARR-1", [{ lat: 41.76, lng: -87.8, recordedAt: at(-110) }], driver);
    stops = await t.app.deps.db.routeStop.findMany({
      where: { routeId: route.id },
      orderBy: { sequence: "asc" },
    });
    expect(stops[0].departedAt).not.toBeNull();
    expect(await status(loads[0].id)).toBe("in_transit");
    expect(await status(loads[1].id)).toBe("cancelled");

    // At the last delivery: delivered, ETA 0.
    const arrived = await post(
      "ARR-1",
      [
        { lat: 41.0, lng: -85.0, recordedAt: at(-60) },
        { lat: 40.0005, lng: -82.9, recordedAt: at(-1) },
      ],
      driver,
    );
    expect(arrived.body).toMatchObject({ etaMinutes: 0, nextStopEtaMinutes: null });
    expect(await status(loads[0].id)).toBe("delivered");
    const audit = await t.app.deps.db.auditLog.findMany({
      where: { action: "load.statusFromTracking", entityId: loads[0].id },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => JSON.parse(entry.details!).to)).toEqual(["in_transit", "delivered"]);
    const stopEvents = await t.app.deps.db.auditLog.findMany({
      where: { action: "tracking.stopEvents", entityId: route.id },
    });
    expect(stopEvents.length).toBeGreaterThan(0);
    const invoices = await t.app.deps.db.invoice.findMany({ where: { loadId: loads[0].id } });
    expect(
      invoices.map((invoice) => [invoice.customerPayer, invoice.amountDueCents, invoice.status]),
    ).toEqual([["Tracked Foods", 77_700, "pending"]]);
    expect(arrived.body).not.toHaveProperty("invoices");

    const json = await rest<{ stops: { arrivedAt: string | null; departedAt: string | null }[] }>(
      t.app,
      "GET",
      "/tracking/ARR-1",
      undefined,
      { token: admin },
    );
    expect(json.body.stops.map((stop) => stop.arrivedAt !== null)).toEqual([true, true, true]);
    expect(json.body.stops.map((stop) => stop.departedAt !== null)).toEqual([true, true, false]);

    // An operator can still change the status by hand; later points do not undo it.
    await t.app.deps.db.load.update({ where: { id: loads[0].id }, data: { status: "in_transit" } });
    await post("ARR-1", [{ lat: 40.0005, lng: -82.9, recordedAt: at(0) }], driver);
    expect(await status(loads[0].id)).toBe("in_transit");
  });
});

describe("duplicates and late points", () => {
  it("ignores a point already stored for that time and never moves the last position back", async () => {
    const { route } = await trackedRouteFixture(t.app, { routeNumber: "ORD-1", stops: EQUATOR_STOPS });
    const ten = at(-10);
    const twenty = at(-20);
    const first = await post("ORD-1", [{ lat: 0, lng: 0.3, recordedAt: ten }], admin);
    expect(first.body).toMatchObject({ accepted: 1, duplicates: 0, late: 0 });

    const again = await post(
      "ORD-1",
      [
        { lat: 0, lng: 0.3, recordedAt: ten },
        { lat: 0, lng: 0.1, recordedAt: twenty },
        { lat: 0, lng: 0.1, recordedAt: twenty },
      ],
      admin,
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ accepted: 1, duplicates: 2, late: 1 });
    expect(await positionCount(route.id)).toBe(2);

    const stored = await t.app.deps.db.route.findUniqueOrThrow({ where: { id: route.id } });
    expect(stored.lastLng).toBe(0.3);
    expect(stored.lastPositionAt?.toISOString()).toBe(ten);

    const resend = await post("ORD-1", [{ lat: 0, lng: 0.3, recordedAt: ten }], admin);
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ accepted: 0, duplicates: 1 });
  });
});

describe("GET /tracking and /tracking/{routeNumber}", () => {
  it("answers the spec's tracking data", async () => {
    await trackedRouteFixture(t.app, {
      routeNumber: "SHAPE-1",
      stops: [
        { type: "pickup", lat: 0, lng: 1 },
        { type: "stop", lat: 0, lng: 1.5 },
        { type: "delivery", lat: 0, lng: 2 },
      ],
    });
    await post("SHAPE-1", [{ lat: 0, lng: 0.25, recordedAt: at(-3) }], admin);
    const { status, body } = await rest(t.app, "GET", "/tracking/SHAPE-1", undefined, { token: admin });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      routeNumber: "SHAPE-1",
      carrier: "Carrier SHAPE-1 Trucking",
      loads: [{ loadId: "SHAPE-1-L1" }],
      lastPosition: { lat: 0, lng: 0.25 },
    });
    expect(typeof body._id).toBe("string");
    expect(typeof body.driver).toBe("string");
    expect(typeof body.eta).toBe("number");
    const stops = body.stops as {
      _id: string;
      sequence: number;
      type: string;
      nass: { location: unknown };
    }[];
    expect(stops.map((stop) => [stop.sequence, stop.type])).toEqual([
      [1, "pickup"],
      [2, "other"],
      [3, "delivery"],
    ]);
    expect(stops[2].nass.location).toEqual({ lat: 0, lng: 2 });
    expect(typeof stops[0]._id).toBe("string");
  });

  it("lists tracked routes only, paged in headers, searchable by route, carrier, driver or load", async () => {
    await trackedRouteFixture(t.app, { routeNumber: "LIST-UNTRACKED", stops: EQUATOR_STOPS });
    const page = await rest<{ routeNumber: string }[]>(t.app, "GET", "/tracking?limit=2", undefined, {
      token: admin,
    });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    const total = Number(page.headers.get("x-total-count"));
    const all = await rest<{ routeNumber: string }[]>(t.app, "GET", "/tracking?limit=500", undefined, {
      token: admin,
    });
    expect(all.body).toHaveLength(total);
    expect(all.body.map((route) => route.routeNumber)).not.toContain("LIST-UNTRACKED");
    const search = async (text: string) =>
      (
        await rest<{ routeNumber: string }[]>(
          t.app,
          "GET",
          `/tracking?search=${encodeURIComponent(text)}`,
          undefined,
          {
            token: admin,
          },
        )
      ).body.map((route) => route.routeNumber);
    expect(await search("shape-1")).toEqual(["SHAPE-1"]);
    expect(await search("carrier arr-1 trucking")).toEqual(["ARR-1"]);
    expect(await search("ARR-L2")).toEqual(["ARR-1"]);
    const driver = await t.app.deps.db.user.findUniqueOrThrow({
      where: { email: "driver-ord-1@example.com" },
    });
    expect(await search(driver.userId)).toEqual(["ORD-1"]);
    expect((await rest(t.app, "GET", "/tracking?limit=0", undefined, { token: admin })).status).toBe(400);
  });
});

describe("GraphQL", () => {
  it("reports positions with typed errors and reads the tracked list in a constant number of queries", async () => {
    await trackedRouteFixture(t.app, { routeNumber: "GQL-1", stops: EQUATOR_STOPS });
    const mutation = `mutation ($input: ReportPositionsInput!) {
      reportPositions(input: $input) {
        __typename
        ... on MutationReportPositionsSuccess { data { accepted etaMinutes } }
        ... on ValidationError { message fields { field message } }
      }
    }`;
    const bad = await gql<{ reportPositions: { __typename: string; fields: { field: string }[] } }>(
      t.app,
      mutation,
      { input: { routeNumber: "GQL-1", positions: [{ lat: 95, lng: 0, recordedAt: at(-1) }] } },
      { token: admin },
    );
    expect(bad.data?.reportPositions.__typename).toBe("ValidationError");
    expect(bad.data?.reportPositions.fields[0].field).toBe("positions.0.lat");
    const good = await gql<{ reportPositions: { data: { accepted: number; etaMinutes: number } } }>(
      t.app,
      mutation,
      { input: { routeNumber: "GQL-1", positions: [{ lat: 0, lng: 0, recordedAt: at(-1) }] } },
      { token: await driverToken("GQL-1") },
    );
    expect(good.data?.reportPositions.data).toEqual({ accepted: 1, etaMinutes: 221 });

    const list = `query ($page: Int, $search: String) {
      trackedRoutes(page: $page, pageSize: 50, search: $search) {
        totalCount pageCount page
        edges { node { id routeNumber carrierName driverUserId etaMinutes lastPosition { lat lng }
          loads { loadId } stops { sequence type label location { lat lng } arrivedAt } } }
      }
    }`;
    const counter = countQueries(t.app);
    try {
      const one = await gql<{ trackedRoutes: { totalCount: number; edges: unknown[] } }>(
        t.app,
        list,
        { search: "GQL-1" },
        { token: admin },
      );
      expect(one.data?.trackedRoutes.edges).toHaveLength(1);
      const few = counter.operations.length;
      counter.reset();
      const many = await gql<{ trackedRoutes: { totalCount: number; edges: unknown[] } }>(
        t.app,
        list,
        {},
        {
          token: admin,
        },
      );
      expect(many.data?.trackedRoutes.edges.length).toBeGreaterThan(5);
      expect(counter.operations.length).toBe(few);
    } finally {
      counter.restore();
    }
  });
});

describe("public shipment page", () => {
  it("opens from an unguessable link with no driver data, and stops when revoked", async () => {
    const { loads } = await trackedRouteFixture(t.app, {
      routeNumber: "PUB-1",
      stops: [
        { type: "pickup", lat: 39.8, lng: -104.9, city: "Denver", state: "CO" },
        { type: "delivery", lat: 40.73, lng: -111.93, city: "Salt Lake City", state: "UT" },
      ],
    });
    await post("PUB-1", [{ lat: 39.75, lng: -105.2, recordedAt: at(-2) }], admin);
    const link = await t.app.deps.db.shipmentTrackingLink.findFirstOrThrow({
      where: { loadId: loads[0].id },
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const load = await gql<{ loadByLoadId: { shipperTrackingLink: string; trackedRouteNumber: string } }>(
      t.app,
      '{ loadByLoadId(loadId: "PUB-1-L1") { shipperTrackingLink trackedRouteNumber trackingLink } }',
      {},
      { token: admin },
    );
    expect(load.data?.loadByLoadId).toEqual({
      shipperTrackingLink: `/track/${link.token}`,
      trackedRouteNumber: "PUB-1",
      trackingLink: null,
    });
    const page = await rest(t.app, "GET", `/track/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ loadId: "PUB-1-L1", status: "pending", lastKnownCity: "Denver, CO" });
    expect(typeof page.body.etaMinutes).toBe("number");
    const text = JSON.stringify(page.body);
    const driver = await t.app.deps.db.user.findUniqueOrThrow({
      where: { email: "driver-pub-1@example.com" },
    });
    for (const secret of [driver.userId, driver.email, "Driver PUB-1", "driver", "lat", "lng"]) {
      expect(text).not.toContain(secret);
    }
    expect((await rest(t.app, "GET", "/track/not-a-token")).status).toBe(404);

    const gqlPage = await gql<{ shipmentTracking: { loadId: string } | null }>(
      t.app,
      "query ($token: String!) { shipmentTracking(token: $token) { loadId lastKnownCity } }",
      { token: link.token },
    );
    expect(gqlPage.data?.shipmentTracking?.loadId).toBe("PUB-1-L1");

    expect(
      (
        await rest(t.app, "DELETE", "/tracking/links/PUB-1-L1", undefined, {
          token: world.carrierSession.token,
        })
      ).status,
    ).toBe(403);
    const revoked = await rest(t.app, "DELETE", "/tracking/links/PUB-1-L1", undefined, { token: admin });
    expect(revoked.body).toMatchObject({ revoked: 1 });
    expect((await rest(t.app, "GET", `/track/${link.token}`)).status).toBe(404);
    const renewed = await rest<{ path: string }>(t.app, "POST", "/tracking/links/PUB-1-L1", undefined, {
      token: admin,
    });
    expect(renewed.status).toBe(201);
    expect((await rest(t.app, "GET", renewed.body.path.replace(/^\/track/, "/track"))).status).toBe(200);
  });
});

describe("concurrent batches", () => {
  it("share commits without mixing up routes; a refused batch fails alone", async () => {
    const routes = ["GRP-1", "GRP-2", "GRP-3"];
    for (const routeNumber of routes) await trackedRouteFixture(t.app, { routeNumber, stops: EQUATOR_STOPS });
    const stranger = await driverToken("GRP-1");
    const calls = routes.flatMap((routeNumber, routeIndex) =>
      Array.from({ length: 8 }, (_, step) =>
        post(
          routeNumber,
          [{ lat: 0, lng: 0.01 * step, recordedAt: at(-60 + step + routeIndex / 10) }],
          admin,
        ),
      ),
    );
    const refused = post("GRP-2", [{ lat: 0, lng: 0, recordedAt: at(-1) }], stranger);
    const results = await Promise.all([...calls, refused]);
    expect(results.slice(0, -1).every((result) => result.status === 201)).toBe(true);
    expect(results.at(-1)?.status).toBe(403);
    for (const routeNumber of routes) {
      const route = await t.app.deps.db.route.findUniqueOrThrow({ where: { routeNumber } });
      expect(await positionCount(route.id)).toBe(8);
      expect(route.lastLng).toBeCloseTo(0.07, 5);
    }
  });
});
