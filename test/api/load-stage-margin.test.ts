import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stageOf } from "../../common/loads/stages.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { awardedLoad, biddableLoad } from "../support/offers.ts";

/**
 * The load list's Stage and Margin (lifecycle issue): the stage follows the furthest milestone,
 * never back, cancelled over everything; the margin is the customer rate minus the winning bid.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const admin = () => world.adminSession.token;

async function loadJson(loadId: string) {
  const answer = await rest<Record<string, unknown>>(t.app, "GET", `/loads/${loadId}`, undefined, {
    token: admin(),
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("stage", () => {
  it("is open before any milestone, covered after the award, cancelled over everything", async () => {
    const open = await biddableLoad(t.app);
    expect((await loadJson(open.loadId)).stage).toBe("open");

    const { load } = await awardedLoad(t.app, admin(), 1200);
    expect((await loadJson(load.loadId)).stage).toBe("covered");

    const cancelled = await rest(
      t.app,
      "PUT",
      `/loads/${load.loadId}`,
      { status: "cancelled" },
      { token: admin() },
    );
    expect(cancelled.status).toBe(200);
    expect((await loadJson(load.loadId)).stage).toBe("cancelled");
  });

  it("never moves back when an earlier milestone comes late", async () => {
    const { load } = await awardedLoad(t.app, admin(), 1300);
    await t.app.deps.db.$transaction(async (tx) => {
      const { recordMilestones } = await import("../../server/loads/milestones.ts");
      await recordMilestones(tx, [{ loadDbId: load.id, milestone: "departed", source: "geofence" }]);
      await recordMilestones(tx, [{ loadDbId: load.id, milestone: "arrived", source: "geofence" }]);
    });
    expect((await loadJson(load.loadId)).stage).toBe("departed");
  });

  it("filters the list by stage through GraphQL", async () => {
    const { load } = await awardedLoad(t.app, admin(), 1400);
    const answer = await gql<{ loads: { edges: { node: { loadId: string; stage: string } }[] } }>(
      t.app,
      `query($filter: LoadFilter) { loads(filter: $filter, pageSize: 50) { edges { node { loadId stage } } } }`,
      { filter: { stage: ["covered"] } },
      { token: admin() },
    );
    const nodes = answer.data?.loads.edges.map((edge) => edge.node) ?? [];
    expect(nodes.map((node) => node.loadId)).toContain(load.loadId);
    expect(nodes.every((node) => node.stage === "covered")).toBe(true);
  });

  it("reads a timeline's stage in any order", () => {
    expect(stageOf([])).toBe("open");
    expect(stageOf(["delivered", "covered", "arrived"])).toBe("delivered");
    expect(stageOf(["paid", "cancelled"])).toBe("cancelled");
  });
});

describe("margin", () => {
  it("is the customer rate minus the winning bid, on the load and in the list", async () => {
    const { load } = await awardedLoad(t.app, admin(), 1200);
    const rate = await gql(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: load.loadId, customerRate: "1500.00" } },
      { token: admin() },
    );
    expect(rate.errors).toBeUndefined();
    const json = await loadJson(load.loadId);
    expect(json).toMatchObject({
      customerRateCents: 150_000,
      carrierRateCents: 120_000,
      marginCents: 30_000,
      marginPercent: 20,
    });
    const answer = await gql<{
      loads: {
        edges: { node: { loadId: string; marginCents: number | null; marginPercent: number | null } }[];
      };
    }>(
      t.app,
      `query($search: String) { loads(search: $search) { edges { node { loadId marginCents marginPercent } } } }`,
      { search: load.loadId },
      { token: admin() },
    );
    expect(answer.data?.loads.edges.map((edge) => edge.node)).toEqual([
      { loadId: load.loadId, marginCents: 30_000, marginPercent: 20 },
    ]);
  });

  it("is null before an award", async () => {
    const open = await biddableLoad(t.app);
    expect(await loadJson(open.loadId)).toMatchObject({ carrierRateCents: null, marginCents: null });
  });
});
