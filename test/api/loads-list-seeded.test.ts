import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { seedLoads } from "../support/seed-loads.ts";

/** The data bench/scale.ts fills a database with, at a size a test can read whole. */
const SIZE = 3_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ responseCache: false });
  await seedLoads(t.app.deps.db, t.database.url, SIZE);
});
afterAll(() => t.close());

describe("the scale benchmark's seeded loads", () => {
  it("have the spread it claims, with sort copies equal to the rows they copy", async () => {
    const loads = await t.app.deps.db.load.findMany({
      select: {
        loadId: true,
        customer: true,
        status: true,
        createdAt: true,
        carrierName: true,
        routeNumber: true,
        carrier: { select: { carrierName: true } },
        route: { select: { routeNumber: true } },
      },
    });
    expect(loads).toHaveLength(SIZE);
    expect(new Set(loads.map((load) => load.loadId)).size).toBe(SIZE);
    expect(new Set(loads.map((load) => load.createdAt.getTime())).size).toBe(SIZE);
    expect(new Set(loads.map((load) => load.customer)).size).toBeGreaterThan(300);
    expect(new Set(loads.map((load) => load.status))).toEqual(
      new Set(["pending", "in_transit", "delivered", "cancelled"]),
    );
    const withCarrier = loads.filter((load) => load.carrier).length;
    const withRoute = loads.filter((load) => load.route).length;
    expect(withCarrier / SIZE).toBeGreaterThan(0.5);
    expect(withCarrier / SIZE).toBeLessThan(0.7);
    expect(withRoute / SIZE).toBeGreaterThan(0.85);
    expect(new Set(loads.map((load) => load.carrierName)).size).toBeGreaterThan(150);
    for (const load of loads) {
      expect(load.carrierName).toBe(load.carrier?.carrierName ?? null);
      expect(load.routeNumber).toBe(load.route?.routeNumber ?? null);
    }
  });
});
