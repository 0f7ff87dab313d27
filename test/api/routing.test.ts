import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DUPLICATE_SEQUENCE,
  GENERATED_ROUTE_NUMBER,
  LOADS_REQUIRED,
  ROUTE_NUMBER_READ_ONLY,
  ROUTE_NUMBER_REQUIRED,
} from "../../common/routing.ts";
import { unusedRouteNumber } from "../../server/routing/route-numbers.ts";
import { adminAndCarrier, createTestApp, createUser, gql, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;
let driver: { id: string; userId: string };
let adminUserId: string;

type RouteBody = {
  _id: string;
  routeNumber: string;
  carrier: string | null;
  assignedUserKey: string | null;
  assignedLoads: { loadId: string; pickupDate: string | null; deliveryDate: string | null }[];
  stops: { sequence: number; type: string; nass: { code: string } | null }[];
  pickup: string | null;
  delivery: string | null;
  pickupDate: string | null;
  deliveryDate: string | null;
  message?: string;
  movedLoads?: { loadId: string; fromRouteNumber: string }[];
  removedLoadCount?: number;
};

const admin = () => ({ token: adminToken });

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  adminUserId = world.admin.userId;
  await createNassCodes(t.app, ["CHI01", "DAL02", "ATL03", "DEN04"]);
  await uploadLoads(t.app, adminToken, [
    {
      "Load ID": "L-1",
      "Pickup Date": "2026-03-02T08:00:00Z",
      "Delivery Date": "2026-03-03T08:00:00Z",
      "Origin NASS": "CHI01",
      "Destination NASS": "DAL02",
    },
    {
      "Load ID": "L-2",
      "Pickup Date": "2026-03-01T08:00:00Z",
      "Delivery Date": "2026-03-05T08:00:00Z",
      "Origin NASS": "ATL03",
      "Destination NASS": "CHI01",
    },
    { "Load ID": "L-3", "Pickup Date": "2026-03-04T08:00:00Z", "Delivery Date": "2026-03-04T20:00:00Z" },
    { "Load ID": "L-4", "Route Number": "OLD-1" },
    { "Load ID": "L-5" },
    { "Load ID": "L-6" },
    { "Load ID": "L-7" },
  ]);
  const made = await carrierWithDriver(t.app, "r1");
  driver = made.driver;
  for (const loadId of ["L-1", "L-2"]) {
    await rest(t.app, "PATCH", `/loads/${loadId}`, { user: driver.id }, admin());
  }
});
afterAll(() => t.close());

async function routeCount() {
  return t.app.deps.db.route.count();
}

/** The load's route, checking the load list's sort copy of its number agrees. */
async function routeOfLoad(loadId: string) {
  const load = await t.app.deps.db.load.findUniqueOrThrow({
    where: { loadId },
    select: { routeNumber: true, route: { select: { routeNumber: true } } },
  });
  expect(load.routeNumber).toBe(load.route?.routeNumber ?? null);
  return load.route?.routeNumber ?? null;
}

describe("POST /api/routing", () => {
  it("refuses a missing or blank route number with the spec's text, and changes nothing", async () => {
    const before = await routeCount();
    for (const body of [
      { loadIds: ["L-1"] },
      { routeNumber: "   ", loadIds: ["L-1"] },
      { routeNumber: null, loadIds: ["L-1"] },
    ]) {
      const result = await rest(t.app, "POST", "/routing", body, admin());
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(ROUTE_NUMBER_REQUIRED);
      expect(result.body.errors).toEqual([{ field: "routeNumber", message: ROUTE_NUMBER_REQUIRED }]);
    }
    expect(await routeCount()).toBe(before);
  });

  it("refuses no loads with the spec's text", async () => {
    for (const body of [{ routeNumber: "X1" }, { routeNumber: "X1", loadIds: [] }]) {
      const result = await rest(t.app, "POST", "/routing", body, admin());
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(LOADS_REQUIRED);
    }
    expect(await t.app.deps.db.route.findUnique({ where: { routeNumber: "X1" } })).toBeNull();
  });

  it("names the unknown load ids and creates nothing", async () => {
    const result = await rest(
      t.app,
      "POST",
      "/routing",
      { routeNumber: "X2", loadIds: ["L-5", "NOPE-1", "NOPE-2"] },
      admin(),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Unknown load IDs: NOPE-1, NOPE-2");
    expect(await t.app.deps.db.route.findUnique({ where: { routeNumber: "X2" } })).toBeNull();
    expect(await routeOfLoad("L-5")).toBeNull();
  });

  it("refuses a number with characters a route number cannot hold", async () => {
    const result = await rest(t.app, "POST", "/routing", { routeNumber: "A/B", loadIds: ["L-5"] }, admin());
    expect(result.status).toBe(400);
  });

  it("creates the route trimmed and upper-cased, with the loads' driver, stops and derived dates", async () => {
    const result = await rest<RouteBody>(
      t.app,
      "POST",
      "/routing",
      { routeNumber: "  r-100 ", loadIds: ["L-1", "L-2"] },
      admin(),
    );
    expect(result.status).toBe(201);
    expect(result.body.routeNumber).toBe("R-100");
    expect(result.body.assignedUserKey).toBe(driver.userId);
    expect(result.body.carrier).toBe("Carrier r1 Trucking");
    expect(result.body.message).toBe("Route R-100 created with 2 loads.");
    expect(result.body.movedLoads).toEqual([]);
    // Running order: L-2 picks up first.
    expect(result.body.assignedLoads.map((load) => load.loadId)).toEqual(["L-2", "L-1"]);
    expect(result.body.pickupDate).toBe("2026-03-01T08:00:00.000Z");
    expect(result.body.deliveryDate).toBe("2026-03-05T08:00:00.000Z");
    // Stops from the loads' stops in running order: ATL03 -> CHI01 (one visit) -> DAL02.
    expect(result.body.stops.map((stop) => [stop.sequence, stop.type, stop.nass?.code])).toEqual([
      [1, "pickup", "ATL03"],
      [2, "delivery", "CHI01"],
      [3, "delivery", "DAL02"],
    ]);
    expect(result.body.pickup).toBe("ATL03");
    expect(result.body.delivery).toBe("DAL02");
    expect(await routeOfLoad("L-1")).toBe("R-100");
  });

  it("answers 409 for a taken number, whatever its case, and changes nothing", async () => {
    const result = await rest(t.app, "POST", "/routing", { routeNumber: "r-100", loadIds: ["L-5"] }, admin());
    expect(result.status).toBe(409);
    expect(result.body.message).toBe("Route number R-100 is already taken.");
    expect(await routeOfLoad("L-5")).toBeNull();
  });

  it("answers concurrent creates of one number with one 201 and 409s, never a 500", async () => {
    const results = await Promise.all(
      ["L-7", "L-7", "L-7", "L-7"].map((loadId) =>
        rest(t.app, "POST", "/routing", { routeNumber: "RACE-1", loadIds: [loadId] }, admin()),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await routeOfLoad("L-7")).toBe("RACE-1");
  });

  it("moves a load from another route and says so", async () => {
    const result = await rest<RouteBody>(
      t.app,
      "POST",
      "/routing",
      { routeNumber: "R-200", loadIds: ["L-4", "L-5"] },
      admin(),
    );
    expect(result.status).toBe(201);
    expect(result.body.movedLoads).toEqual([{ loadId: "L-4", fromRouteNumber: "OLD-1" }]);
    expect(result.body.message).toBe(
      "Route R-200 created with 2 loads. Moved from other routes: L-4 (from OLD-1).",
    );
    expect(result.body.assignedUserKey).toBeNull();
    expect(await routeOfLoad("L-4")).toBe("R-200");
  });

  it("is for admins", async () => {
    expect(
      (await rest(t.app, "POST", "/routing", { routeNumber: "Z", loadIds: ["L-6"] }, { token: carrierToken }))
        .status,
    ).toBe(403);
    expect((await rest(t.app, "POST", "/routing", { routeNumber: "Z", loadIds: ["L-6"] })).status).toBe(401);
    expect(await routeOfLoad("L-6")).toBeNull();
  });
});

describe("GET /api/routing and /api/routing/{routeNumber}", () => {
  it("pages the routes in the spec's shape with paging headers", async () => {
    const result = await rest<RouteBody[]>(t.app, "GET", "/routing?limit=2", undefined, admin());
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(2);
    expect(Number(result.headers.get("x-total-count"))).toBe(await routeCount());
    expect(result.headers.get("x-per-page")).toBe("2");
    expect(Object.keys(result.body[0])).toEqual(
      expect.arrayContaining([
        "_id",
        "routeNumber",
        "carrier",
        "assignedUserKey",
        "assignedLoads",
        "stops",
        "pickup",
        "pickupDate",
        "delivery",
        "deliveryDate",
      ]),
    );
    const searched = await rest<RouteBody[]>(t.app, "GET", "/routing?search=r-1", undefined, admin());
    expect(searched.body.map((route) => route.routeNumber)).toEqual(["R-100"]);
  });

  it("answers one route by number (any case) and 404 for an unknown one", async () => {
    const result = await rest<RouteBody>(t.app, "GET", "/routing/r-100", undefined, admin());
    expect(result.status).toBe(200);
    expect(result.body.routeNumber).toBe("R-100");
    expect((await rest(t.app, "GET", "/routing/NOPE", undefined, admin())).status).toBe(404);
  });

  it("reaches a route whose number holds a slash through its URL-encoded form (%2F)", async () => {
    await uploadLoads(t.app, adminToken, [{ "Load ID": "L-SLASH", "Route Number": "NASS/ROUTE-NUMBER" }]);
    const path = `/routing/${encodeURIComponent("NASS/ROUTE-NUMBER")}`;
    expect(path).toBe("/routing/NASS%2FROUTE-NUMBER");
    const found = await rest<RouteBody>(t.app, "GET", path, undefined, admin());
    expect(found.status).toBe(200);
    expect(found.body.routeNumber).toBe("NASS/ROUTE-NUMBER");
    expect(found.body.assignedLoads.map((load) => load.loadId)).toEqual(["L-SLASH"]);
    expect((await rest(t.app, "GET", "/routing/nass%2froute-number", undefined, admin())).status).toBe(200);
    const saved = await rest<RouteBody>(
      t.app,
      "PUT",
      path,
      { ...found.body, stops: [{ sequence: 1, type: "pickup", nass: { code: "CHI01" } }] },
      admin(),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.routeNumber).toBe("NASS/ROUTE-NUMBER");
    expect(saved.body.stops.map((stop) => stop.nass?.code)).toEqual(["CHI01"]);
    // The raw slash is another path, not this route.
    expect((await rest(t.app, "GET", "/routing/NASS/ROUTE-NUMBER", undefined, admin())).status).toBe(404);
  });

  it("is for admins", async () => {
    expect((await rest(t.app, "GET", "/routing", undefined, { token: carrierToken })).status).toBe(403);
    expect((await rest(t.app, "GET", "/routing/R-100", undefined, { token: carrierToken })).status).toBe(403);
    expect((await rest(t.app, "GET", "/routing/route-number")).status).toBe(401);
  });
});

describe("PUT /api/routing/{routeNumber}", () => {
  const stops = [
    { sequence: 2, type: "delivery", nass: { code: "DEN04" } },
    { sequence: 1, type: "pickup", nass: { code: "ATL03" } },
  ];

  it("refuses duplicate sequences and changes nothing", async () => {
    const result = await rest(
      t.app,
      "PUT",
      "/routing/R-100",
      { stops: [...stops, { sequence: 2, type: "stop", nass: { code: "CHI01" } }] },
      admin(),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(DUPLICATE_SEQUENCE);
    expect(result.body.errors).toEqual([{ field: "stops.2.sequence", message: DUPLICATE_SEQUENCE }]);
    const route = await rest<RouteBody>(t.app, "GET", "/routing/R-100", undefined, admin());
    expect(route.body.stops).toHaveLength(3);
  });

  it("refuses unknown NASS codes, naming the stop", async () => {
    const result = await rest(
      t.app,
      "PUT",
      "/routing/R-100",
      { stops: [{ sequence: 1, type: "pickup", nass: { code: "NOPE9" } }] },
      admin(),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([{ field: "stops.0.nass", message: "Unknown NASS code 'NOPE9'" }]);
  });

  it("refuses a changed route number, an admin as driver, unknown loads and no loads", async () => {
    expect((await rest(t.app, "PUT", "/routing/R-100", { routeNumber: "R-101" }, admin())).body.message).toBe(
      ROUTE_NUMBER_READ_ONLY,
    );
    const asDriver = await rest(t.app, "PUT", "/routing/R-100", { assignedUserKey: adminUserId }, admin());
    expect(asDriver.status).toBe(400);
    expect(asDriver.body.message).toBe("The driver must be a carrier user.");
    const unknown = await rest(
      t.app,
      "PUT",
      "/routing/R-100",
      { assignedLoads: [{ loadId: "L-1" }, { loadId: "GHOST" }] },
      admin(),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown load ID: GHOST");
    const none = await rest(t.app, "PUT", "/routing/R-100", { assignedLoads: [] }, admin());
    expect(none.body.message).toBe(LOADS_REQUIRED);
    expect((await rest(t.app, "PUT", "/routing/NOPE", { stops: [] }, admin())).status).toBe(404);
    const route = await rest<RouteBody>(t.app, "GET", "/routing/R-100", undefined, admin());
    expect(route.body.assignedUserKey).toBe(driver.userId);
    expect(route.body.assignedLoads).toHaveLength(2);
  });

  it("saves the full route object: driver, stops by sequence, loads added and removed", async () => {
    const other = await createUser(t.app, { email: "other-driver@example.com" });
    const current = (await rest<RouteBody>(t.app, "GET", "/routing/R-100", undefined, admin())).body;
    const result = await rest<RouteBody>(
      t.app,
      "PUT",
      "/routing/R-100",
      {
        ...current,
        assignedUserKey: other.userId,
        // L-1 went to the first driver's side: another driver takes the route only overridden (issue #28).
        overrideCarrier: true,
        stops,
        assignedLoads: [{ loadId: "L-1" }, { loadId: "L-3" }, { loadId: "L-4" }],
      },
      admin(),
    );
    expect(result.status).toBe(200);
    expect(result.body.assignedUserKey).toBe(other.userId);
    expect(result.body.carrier).toBeNull();
    expect(result.body.stops.map((stop) => [stop.sequence, stop.nass?.code])).toEqual([
      [1, "ATL03"],
      [2, "DEN04"],
    ]);
    expect(result.body.assignedLoads.map((load) => load.loadId)).toEqual(["L-1", "L-3", "L-4"]);
    expect(result.body.movedLoads).toEqual([{ loadId: "L-4", fromRouteNumber: "R-200" }]);
    expect(result.body.removedLoadCount).toBe(1);
    expect(result.body.pickupDate).toBe("2026-03-02T08:00:00.000Z");
    expect(result.body.deliveryDate).toBe("2026-03-04T20:00:00.000Z");
    expect(await routeOfLoad("L-2")).toBeNull();
    expect(await routeOfLoad("L-4")).toBe("R-100");
    const cleared = await rest<RouteBody>(t.app, "PUT", "/routing/R-100", { assignedUserKey: null }, admin());
    expect(cleared.body.assignedUserKey).toBeNull();
  });
});

describe("route numbers", () => {
  it("offers a generated number of the spec's form over REST and GraphQL", async () => {
    const result = await rest<{ routeNumber: string }>(
      t.app,
      "GET",
      "/routing/route-number",
      undefined,
      admin(),
    );
    expect(result.status).toBe(200);
    expect(result.body.routeNumber).toMatch(GENERATED_ROUTE_NUMBER);
    const now = new Date();
    const day = `${String(now.getUTCFullYear() % 100).padStart(2, "0")}${String(now.getUTCMonth() + 1).padStart(2, "0")}${String(now.getUTCDate()).padStart(2, "0")}`;
    expect(result.body.routeNumber.slice(0, 6)).toBe(day);
    const graph = await gql<{ suggestedRouteNumber: string }>(t.app, "{ suggestedRouteNumber }", {}, admin());
    expect(graph.data?.suggestedRouteNumber).toMatch(GENERATED_ROUTE_NUMBER);
  });

  it("never offers a number a route holds", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    // Candidates AA (taken), then AB, then BB...
    const values = [0, 0, 0, 1 / 36];
    const random = () => values.shift() ?? 1 / 36;
    await t.app.deps.db.route.create({ data: { routeNumber: "261122AA" } });
    expect(await unusedRouteNumber(t.app.deps.db, now, random)).toBe("261122AB");
    await t.app.deps.db.route.create({ data: { routeNumber: "261122BB" } });
    expect(await unusedRouteNumber(t.app.deps.db, now, () => 1 / 36)).toBeNull();
  });
});
