import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAD_STAGES } from "../../common/loads/stages.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { DEMO_HISTORY_LOADS } from "../../server/seed/demo-scorecards.ts";
import { createTestApp, loginAs, rest, type TestApp } from "../support/app.ts";

let t: TestApp;
// The demo seed is a few thousand rows: 12 s alone on PostgreSQL, past a minute once with the
// whole suite's workers and a client build beside it on 2 cores.
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
}, 180_000);
afterAll(() => t?.close());

describe("SEED_DEMO=1", () => {
  it("loads a few hundred USPS loads with stops, NASS codes, routes and a last upload", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const loads = await rest<Record<string, unknown>[]>(t.app, "GET", "/loads?limit=500", undefined, {
      token,
    });
    // REST lists are paged (?page&limit): all 300 fit in one page of 500; the total is in X-Total-Count.
    // 300 uploaded loads and the delivered history behind the scorecards (demo-scorecards.ts).
    expect(loads.body).toHaveLength(300 + DEMO_HISTORY_LOADS);
    expect(loads.headers.get("x-total-count")).toBe(String(300 + DEMO_HISTORY_LOADS));
    expect(loads.body.every((load) => (load.stops as unknown[]).length >= 2)).toBe(true);
    expect(loads.body.some((load) => (load.stops as unknown[]).length === 3)).toBe(true);
    expect(loads.body.some((load) => load.assignedUserKey)).toBe(true);
    // The demo list is not a column of dashes: most loads have a carrier and a driver, spread
    // over several carriers; some future loads still wait for one (the offers demo bids them out).
    const assigned = loads.body.filter((load) => load.carrier && load.assignedUserKey);
    expect(assigned.length).toBeGreaterThan(loads.body.length * 0.75);
    expect(new Set(assigned.map((load) => load.carrier)).size).toBeGreaterThan(5);
    expect(new Set(loads.body.map((load) => load.status))).toEqual(
      new Set(["pending", "in_transit", "delivered", "cancelled"]),
    );
    const nass = await rest<unknown[]>(t.app, "GET", "/routing/nass", undefined, { token });
    expect(nass.body.length).toBeGreaterThanOrEqual(16);
    expect(await t.app.deps.db.route.count()).toBeGreaterThan(10);
    expect((await rest(t.app, "GET", "/loads/last", undefined, { token })).status).toBe(200);
  });
});

describe("SEED_DEMO=1 lifecycle", () => {
  it("has loads at every stage of a load's life, each reached through its steps", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const loads = await rest<{ loadId: string; stage: string }[]>(
      t.app,
      "GET",
      "/loads?limit=500",
      undefined,
      {
        token,
      },
    );
    const stages = new Set(loads.body.map((load) => load.stage));
    for (const stage of LOAD_STAGES) {
      expect([...stages], stage).toContain(stage);
    }
    const paid = loads.body.find((load) => load.stage === "paid");
    const steps = await rest<{ milestone: string }[]>(
      t.app,
      "GET",
      `/loads/${paid?.loadId}/timeline`,
      undefined,
      {
        token,
      },
    );
    expect(steps.body.map((step) => step.milestone)).toEqual(
      expect.arrayContaining([
        "covered",
        "tender_accepted",
        "dispatched",
        "delivered",
        "pod_received",
        "paid",
      ]),
    );
  });
});

describe("SEED_DEMO=1 tracking", () => {
  it("has a few routes mid-way with history, stop arrivals and an ETA", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const list = await rest<
      {
        routeNumber: string;
        eta: number | null;
        lastPosition: unknown;
        stops: { arrivedAt: string | null }[];
      }[]
    >(t.app, "GET", "/tracking", undefined, { token });
    expect(list.body.length).toBeGreaterThanOrEqual(3);
    for (const route of list.body) {
      expect(route.lastPosition).not.toBeNull();
      expect(route.eta).toBeGreaterThan(0);
      expect(route.stops[0].arrivedAt).not.toBeNull();
      const positions = await t.app.deps.db.trackingPosition.count({
        where: { route: { routeNumber: route.routeNumber } },
      });
      expect(positions).toBeGreaterThanOrEqual(3);
    }
  });
});
