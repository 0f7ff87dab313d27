import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CarrierTier,
  SCORECARD_MIN_LOADS,
  type ScorecardMeasures,
  TIER_THRESHOLDS,
  tierOf,
} from "../../common/scorecards.ts";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type TestApp,
} from "../support/app.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { writeHistory } from "../support/scorecards.ts";

/**
 * Scorecards and tiers (issue #29): the figures from the platform's own history, the tier rule's
 * boundaries, who may read a carrier's scorecard, and that lists batch it (no statement per row).
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

/** A carrier company with one driver user attached, signed in. */
async function company() {
  n++;
  const carrier = await createCarrierAs(t.app, world.adminSession.token, 500 + n);
  const user = await createUser(t.app, { email: `score-${n}@example.com`, fullName: `Score ${n}` });
  await t.app.deps.db.user.update({ where: { id: user.id }, data: { carrierId: carrier._id } });
  return { carrier, user, session: await loginAs(t.app, user.email) };
}

const scorecard = (carrierRef: string, token = world.adminSession.token) =>
  rest<Record<string, unknown>>(t.app, "GET", `/carriers/${carrierRef}/scorecard`, undefined, { token });

describe("scorecard figures", () => {
  it("counts delivered loads, on-time stops (with the 15-minute grace), tenders and decided bids", async () => {
    const { carrier, user } = await company();
    await writeHistory(
      t.app,
      { userId: user.id, carrierId: carrier._id },
      {
        loads: [
          { pickupLateMinutes: -30, deliveryLateMinutes: 0 },
          { pickupLateMinutes: 15, deliveryLateMinutes: 16 },
          { pickupLateMinutes: 120, deliveryLateMinutes: -5, windowMinutes: 120 },
          { pickupLateMinutes: null, deliveryLateMinutes: null },
          // Not delivered yet: not a load hauled, but its pickup is measured.
          { delivered: false, pickupLateMinutes: 1 },
        ],
        tenders: { accepted: 3, declined: 1, expired: 1, pending: 2 },
        bids: { won: 2, lost: 4, active: 3 },
      },
    );
    const answer = await scorecard(carrier.carrierId);
    expect(answer.status).toBe(200);
    // Exactly these keys, in this order.
    expect(Object.keys(answer.body)).toEqual([
      "tier",
      "loads",
      "onTimePickupPct",
      "onTimeDeliveryPct",
      "tenderAcceptancePct",
      "bidsWon",
      "bidsLost",
      "podTurnaroundHours",
    ]);
    expect(answer.body).toEqual({
      tier: "New",
      loads: 4,
      // Pickups: -30 on, 15 on (grace), 120 late, 1 on: 3 of 4.
      onTimePickupPct: 75,
      // Deliveries: 0 on, 16 late, -5 on: 2 of 3.
      onTimeDeliveryPct: 66.7,
      // 3 accepted of 5 decided (pending ones are not decided).
      tenderAcceptancePct: 60,
      // 2 won, plus the 7 tenders' winning bids.
      bidsWon: 9,
      bidsLost: 4,
      // No load has both a delivered and a POD received milestone.
      podTurnaroundHours: null,
    });
    // The database id answers the same.
    expect((await scorecard(carrier._id)).body).toEqual(answer.body);
  });

  it("answers nulls and New for a carrier without history", async () => {
    const { carrier } = await company();
    expect((await scorecard(carrier.carrierId)).body).toEqual({
      tier: "New",
      loads: 0,
      onTimePickupPct: null,
      onTimeDeliveryPct: null,
      tenderAcceptancePct: null,
      bidsWon: 0,
      bidsLost: 0,
      podTurnaroundHours: null,
    });
  });

  it("answers POD turnaround: the median hours from delivered to POD received, over the loads with both", async () => {
    const { carrier, user } = await company();
    const who = { userId: user.id, carrierId: carrier._id };
    await writeHistory(t.app, who, {
      loads: [{ podAfterHours: 2 }, { podAfterHours: 10 }, { podAfterHours: 4 }, {}],
    });
    expect((await scorecard(carrier.carrierId)).body).toMatchObject({ loads: 4, podTurnaroundHours: 4 });
    // An even count: the middle two's mean; the tier rule does not read it.
    await writeHistory(t.app, who, { loads: [{ podAfterHours: 5.5 }] });
    const answer = await scorecard(carrier.carrierId);
    expect(answer.body).toMatchObject({ tier: "Bronze", loads: 5, podTurnaroundHours: 4.8 });
    const graph = await gql<{ node: { scorecard: { podTurnaroundHours: number; podsMeasured: number } } }>(
      t.app,
      `query($id: ID!) { node(id: $id) { ... on Carrier { scorecard { podTurnaroundHours podsMeasured } } } }`,
      { id: encodeGlobalID("Carrier", carrier._id) },
      { token: world.adminSession.token },
    );
    expect(graph.data?.node.scorecard).toEqual({ podTurnaroundHours: 4.8, podsMeasured: 4 });
  });

  it("tiers only from the minimum history on: one load short is New, then Gold, Silver or Bronze", async () => {
    const onTime = { pickupLateMinutes: 0, deliveryLateMinutes: 0 };
    const short = await company();
    await writeHistory(
      t.app,
      { userId: short.user.id, carrierId: short.carrier._id },
      { loads: Array(SCORECARD_MIN_LOADS - 1).fill(onTime), tenders: { accepted: 4 } },
    );
    expect((await scorecard(short.carrier.carrierId)).body.tier).toBe("New");
    await writeHistory(t.app, { userId: short.user.id, carrierId: short.carrier._id }, { loads: [onTime] });
    expect((await scorecard(short.carrier.carrierId)).body).toMatchObject({ tier: "Gold", loads: 5 });

    // 9 of 10 on time (90%): Silver; 8 of 10 (80%): Bronze.
    const silver = await company();
    const late = { pickupLateMinutes: 60, deliveryLateMinutes: 0 };
    await writeHistory(
      t.app,
      { userId: silver.user.id, carrierId: silver.carrier._id },
      { loads: [...Array(9).fill(onTime), late] },
    );
    expect((await scorecard(silver.carrier.carrierId)).body).toMatchObject({
      tier: "Silver",
      onTimePickupPct: 90,
      tenderAcceptancePct: null,
    });
    const bronze = await company();
    await writeHistory(
      t.app,
      { userId: bronze.user.id, carrierId: bronze.carrier._id },
      { loads: [...Array(8).fill(onTime), late, late] },
    );
    expect((await scorecard(bronze.carrier.carrierId)).body.tier).toBe("Bronze");
  });

  it("scores a carrier user without a company on its own loads, tenders and bids (bidders page and profile)", async () => {
    const lone = await createUser(t.app, { email: "lone@example.com", fullName: "Lone Trucker" });
    await writeHistory(
      t.app,
      { userId: lone.id, carrierId: null },
      {
        loads: Array(5).fill({ pickupLateMinutes: 0, deliveryLateMinutes: 0 }),
        tenders: { accepted: 1 },
        bids: { lost: 2 },
      },
    );
    const session = await loginAs(t.app, lone.email);
    const mine = await gql<{ myScorecard: Record<string, unknown> }>(
      t.app,
      "{ myScorecard { tier loads onTimePickupPct tenderAcceptancePct bidsWon bidsLost } }",
      {},
      { token: session.token },
    );
    expect(mine.data?.myScorecard).toEqual({
      tier: "Gold",
      loads: 5,
      onTimePickupPct: 100,
      tenderAcceptancePct: 100,
      bidsWon: 1,
      bidsLost: 2,
    });
  });
});

describe("scorecard access", () => {
  it("lets operators read any carrier, a carrier user only its own company; others get 404", async () => {
    const own = await company();
    const other = await company();
    expect((await scorecard(own.carrier.carrierId, own.session.token)).status).toBe(200);
    const foreign = await scorecard(other.carrier.carrierId, own.session.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ message: "Carrier not found" });
    // A carrier user with no company reads none; an unknown carrier is 404 for operators too.
    expect((await scorecard(own.carrier.carrierId, world.carrierSession.token)).status).toBe(404);
    expect((await scorecard("CAR-999999")).status).toBe(404);
    expect((await rest(t.app, "GET", `/carriers/${own.carrier.carrierId}/scorecard`)).status).toBe(401);
  });

  it("keeps Carrier.scorecard and Bid.bidderScorecard for operators; myScorecard for carriers", async () => {
    const operatorAsks = await gql<{ myScorecard: unknown }>(
      t.app,
      "{ myScorecard { tier } }",
      {},
      {
        token: world.adminSession.token,
      },
    );
    expect(operatorAsks.data?.myScorecard).toBeNull();
    const anonymous = await gql(t.app, "{ myScorecard { tier } }");
    expect(anonymous.errors?.length).toBeGreaterThan(0);
    // A carrier user cannot read another carrier's scorecard through GraphQL either.
    const own = await company();
    const carrierAsks = await gql(
      t.app,
      `{ carriers(pageSize: 5) { edges { node { scorecard { tier } } } } }`,
      {},
      { token: own.session.token },
    );
    expect(carrierAsks.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(carrierAsks.data ?? null)).not.toContain("tier");
  });
});

describe("carrier list", () => {
  it("reads the scorecards of a whole page in a constant number of statements", async () => {
    const query = `{ carriers(page: 1, pageSize: 50) { edges { node { carrierId scorecard { tier loads bidsWon } } } } }`;
    const statements = async () => {
      const reader = t.app.deps.sql;
      const original = reader.all.bind(reader);
      let count = 0;
      reader.all = (fragment) => {
        count++;
        return original(fragment);
      };
      try {
        const answer = await gql<{ carriers: { edges: { node: { scorecard: { tier: CarrierTier } } }[] } }>(
          t.app,
          query,
          {},
          { token: world.adminSession.token },
        );
        expect(answer.errors).toBeUndefined();
        return { count, rows: answer.data?.carriers.edges.length ?? 0 };
      } finally {
        reader.all = original;
      }
    };
    const before = await statements();
    await company();
    await company();
    await company();
    const after = await statements();
    expect(after.rows).toBe(before.rows + 3);
    expect(after.count).toBe(before.count);
    expect(after.count).toBeLessThanOrEqual(6);
  });
});

describe("tier rule (common/scorecards.ts)", () => {
  const pct = fc.option(
    fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
    { nil: null },
  );
  const card = fc.record<ScorecardMeasures>({
    loads: fc.integer({ min: 0, max: 50 }),
    onTimePickupPct: pct,
    onTimeDeliveryPct: pct,
    tenderAcceptancePct: pct,
  });

  it("is New below the minimum history, else set by the lowest measured percentage", () => {
    fc.assert(
      fc.property(card, (measures) => {
        const tier = tierOf(measures);
        if (measures.loads < SCORECARD_MIN_LOADS) return tier === "New";
        const measured = [
          measures.onTimePickupPct,
          measures.onTimeDeliveryPct,
          measures.tenderAcceptancePct,
        ].filter((value): value is number => value !== null);
        const lowest = measured.length === 0 ? -1 : Math.min(...measured);
        const expected = lowest >= 95 ? "Gold" : lowest >= 85 ? "Silver" : "Bronze";
        return tier === expected;
      }),
    );
  });

  it("puts the boundaries where the rule says", () => {
    const at = (value: number, loads = SCORECARD_MIN_LOADS) =>
      tierOf({ loads, onTimePickupPct: value, onTimeDeliveryPct: 100, tenderAcceptancePct: 100 });
    expect(at(TIER_THRESHOLDS.Gold)).toBe("Gold");
    expect(at(TIER_THRESHOLDS.Gold - 0.1)).toBe("Silver");
    expect(at(TIER_THRESHOLDS.Silver)).toBe("Silver");
    expect(at(TIER_THRESHOLDS.Silver - 0.1)).toBe("Bronze");
    expect(at(100, SCORECARD_MIN_LOADS - 1)).toBe("New");
    // Better measures never lower the tier.
    fc.assert(
      fc.property(card, fc.integer({ min: 0, max: 100 }), (measures, raise) => {
        const rank = (tier: CarrierTier) => ["Bronze", "Silver", "Gold"].indexOf(tier);
        const better = {
          ...measures,
          onTimePickupPct:
            measures.onTimePickupPct === null ? null : Math.min(100, measures.onTimePickupPct + raise),
        };
        return measures.loads < SCORECARD_MIN_LOADS || rank(tierOf(better)) >= rank(tierOf(measures));
      }),
    );
  });
});
