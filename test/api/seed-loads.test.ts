import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { seedLoads } from "../support/seed-loads.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The benchmarks' data: it must seed on both databases, with the spread the seeder promises. */
describe("seedLoads", () => {
  it("writes the loads with routes, carriers and distinct creation times", async () => {
    await seedLoads(t.app.deps.db, t.database.url, 40);
    const loads = await t.app.deps.db.load.findMany({
      where: { loadId: { startsWith: "BENCH-" } },
      select: { createdAt: true, routeNumber: true, carrierName: true },
    });
    expect(loads).toHaveLength(40);
    expect(new Set(loads.map((load) => load.createdAt.getTime())).size).toBe(40);
    expect(loads.some((load) => load.routeNumber?.startsWith("R"))).toBe(true);
    expect(loads.some((load) => load.carrierName?.endsWith(" Freight"))).toBe(true);
  });
});
