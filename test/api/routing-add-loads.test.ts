import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, type TestApp } from "../support/app.ts";
import { biddableLoad } from "../support/offers.ts";

/** The load list's bulk "Add to route": creates the route, or adds to it keeping its loads. */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const ADD = `mutation($input: CreateRouteInput!) {
  addLoadsToRoute(input: $input) {
    __typename
    ... on MutationAddLoadsToRouteSuccess { data { route { routeNumber loads { loadId } } addedLoadIds } }
    ... on Error { message }
  }
}`;

interface Added {
  addLoadsToRoute: {
    __typename: string;
    message?: string;
    data?: { route: { routeNumber: string; loads: { loadId: string }[] }; addedLoadIds: string[] };
  };
}

const add = (routeNumber: string, loadIds: string[], token = world.adminSession.token) =>
  gql<Added>(t.app, ADD, { input: { routeNumber, loadIds } }, { token });

describe("addLoadsToRoute", () => {
  it("creates the route, then adds to it without dropping its loads", async () => {
    const [a, b] = [await biddableLoad(t.app), await biddableLoad(t.app)];
    const number = `R-ADD-${Date.now().toString(36)}`.toUpperCase();
    const first = await add(number, [a.loadId]);
    expect(first.data?.addLoadsToRoute.data?.route.loads.map((load) => load.loadId)).toEqual([a.loadId]);
    const second = await add(number, [b.loadId]);
    expect(second.data?.addLoadsToRoute.data?.addedLoadIds).toEqual([b.loadId]);
    expect(second.data?.addLoadsToRoute.data?.route.loads.map((load) => load.loadId).sort()).toEqual(
      [a.loadId, b.loadId].sort(),
    );
  });

  it("refuses unknown loads and carriers, changing nothing", async () => {
    const number = `R-BAD-${Date.now().toString(36)}`.toUpperCase();
    const unknown = await add(number, ["NO-SUCH-LOAD"]);
    expect(unknown.data?.addLoadsToRoute.__typename).not.toMatch(/Success/);
    const route = await t.app.deps.db.route.findUnique({ where: { routeNumber: number } });
    expect(route).toBeNull();
    const carrier = await add(number, [(await biddableLoad(t.app)).loadId], world.carrierSession.token);
    expect(carrier.errors?.[0]?.message ?? carrier.data?.addLoadsToRoute.message).toBeTruthy();
    expect(await t.app.deps.db.route.findUnique({ where: { routeNumber: number } })).toBeNull();
  });
});
