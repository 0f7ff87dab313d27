import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipCentroid } from "../../server/geo/zip-centroids.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { createTestApp, loginAs, rest, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe("SEED_DEMO=1 routing", () => {
  it("imports USPS plants with ZIP-centroid coordinates and gives the demo routes stops and drivers", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const boston = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "BOSPDC" } });
    expect({ lat: boston.latitude, lng: boston.longitude }).toEqual(zipCentroid("02210"));
    expect(await t.app.deps.db.nassCode.count({ where: { latitude: null } })).toBe(0);
    const routes = await rest<
      {
        routeNumber: string;
        stops: unknown[];
        assignedLoads: unknown[];
        assignedUserKey: string | null;
        pickup: string | null;
      }[]
    >(t.app, "GET", "/routing?limit=500", undefined, { token });
    expect(routes.body.length).toBeGreaterThan(10);
    expect(
      routes.body
        .filter((route) => route.assignedLoads.length === 0 || route.stops.length < 2)
        .map((route) => [route.routeNumber, route.stops.length]),
    ).toEqual([]);
    expect(routes.body.filter((route) => route.pickup === null).map((route) => route.routeNumber)).toEqual(
      [],
    );
    expect(routes.body.filter((route) => route.assignedUserKey).length).toBeGreaterThan(0);
  });
});
