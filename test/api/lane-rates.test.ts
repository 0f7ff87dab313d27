import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANE_MESSAGES, laneFlagOf, laneRatesOf, percentile } from "../../common/scorecards.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { historyOffer } from "../support/scorecards.ts";

/**
 * Lane rates (issue #29): count, median, 25th and 75th percentile $/mile of the last 90 days'
 * awarded loads of a lane, by states or 3-digit ZIP prefixes; the flag rule for far-off bids.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const rates = (query: string, token = world.adminSession.token) =>
  rest<Record<string, unknown>>(t.app, "GET", `/lanes/rates?${query}`, undefined, { token });

/** An awarded load on a lane: `perMile` over 500 miles, awarded `daysAgo`. */
function awarded(
  perMile: number,
  lane: { o?: string; d?: string; oz?: string; dz?: string } = {},
  daysAgo = 5,
) {
  return historyOffer(t.app, {
    originState: lane.o ?? "IL",
    destinationState: lane.d ?? "CO",
    originZip3: lane.oz ?? "606",
    destinationZip3: lane.dz ?? "802",
    distance: 500,
    carrierRateCents: Math.round(perMile * 500 * 100),
    finishedAt: new Date(Date.now() - daysAgo * DAY),
    stage: "covered",
    winnerUserId: world.carrier.id,
  });
}

describe("GET /api/lanes/rates", () => {
  it("answers count, median and quartiles of the last 90 days' awarded loads, by state or ZIP prefix", async () => {
    for (const perMile of [2, 2.5, 3, 3.5, 4]) await awarded(perMile);
    // Outside the lane, older than 90 days, without a distance or not awarded: not counted.
    await awarded(9, { o: "IL", d: "TX", oz: "606", dz: "752" });
    await awarded(9, {}, 91);
    await historyOffer(t.app, {
      originState: "IL",
      destinationState: "CO",
      distance: null,
      carrierRateCents: 500_000,
      finishedAt: new Date(Date.now() - DAY),
      winnerUserId: world.carrier.id,
    });
    await historyOffer(t.app, {
      originState: "IL",
      destinationState: "CO",
      distance: 500,
      carrierRateCents: 500_000,
    });

    const byState = await rates("origin=IL&destination=CO");
    expect(byState.status).toBe(200);
    expect(byState.body).toEqual({ count: 5, medianPerMile: 3, p25PerMile: 2.5, p75PerMile: 3.5 });
    expect(Object.keys(byState.body)).toEqual(["count", "medianPerMile", "p25PerMile", "p75PerMile"]);
    // Lower case states and ZIP prefixes read the same lane; they mix.
    expect((await rates("origin=il&destination=co")).body).toEqual(byState.body);
    expect((await rates("origin=606&destination=802")).body).toEqual(byState.body);
    expect((await rates("origin=IL&destination=802")).body).toEqual(byState.body);

    const gqlAnswer = await gql<{ laneRates: Record<string, unknown> }>(
      t.app,
      `{ laneRates(origin: "IL", destination: "CO") { count medianPerMile p25PerMile p75PerMile } }`,
      {},
      { token: world.adminSession.token },
    );
    expect(gqlAnswer.data?.laneRates).toEqual(byState.body);
  });

  it("answers a zero count and nulls for a lane without history", async () => {
    expect((await rates("origin=WY&destination=VT")).body).toEqual({
      count: 0,
      medianPerMile: null,
      p25PerMile: null,
      p75PerMile: null,
    });
  });

  it("refuses bad lane ends with 400 and carriers with 403", async () => {
    for (const query of [
      "origin=Illinois&destination=CO",
      "origin=IL",
      "origin=60&destination=CO",
      "origin=IL&destination=8020",
    ]) {
      const answer = await rates(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toBe(LANE_MESSAGES.badEnd);
    }
    expect((await rates("origin=IL&destination=CO", world.carrierSession.token)).status).toBe(403);
    const carrierGql = await gql(
      t.app,
      `{ laneRates(origin: "IL", destination: "CO") { count } }`,
      {},
      { token: world.carrierSession.token },
    );
    expect(carrierGql.errors?.length).toBeGreaterThan(0);
  });
});

describe("percentiles and the flag rule (common/scorecards.ts)", () => {
  it("interpolates like percentile_cont and keeps p25 <= median <= p75 within the values", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(percentile([7], 0.75)).toBe(7);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 20, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (values) => {
          const lane = laneRatesOf(values);
          const min = Math.min(...values);
          const max = Math.max(...values);
          return (
            lane.count === values.length &&
            (lane.p25PerMile ?? 0) <= (lane.medianPerMile ?? 0) &&
            (lane.medianPerMile ?? 0) <= (lane.p75PerMile ?? 0) &&
            (lane.p25PerMile ?? 0) >= Math.floor(min * 100) / 100 &&
            (lane.p75PerMile ?? 0) <= Math.ceil(max * 100) / 100
          );
        },
      ),
    );
  });

  it("flags a bid above p75 x 1.25 or below p25 x 0.75, from 5 awarded loads on", () => {
    const lane = { count: 5, medianPerMile: 3, p25PerMile: 2.5, p75PerMile: 3.5 };
    expect(laneFlagOf(4.375, lane)).toBeNull();
    expect(laneFlagOf(4.38, lane)).toBe("high");
    expect(laneFlagOf(1.875, lane)).toBeNull();
    expect(laneFlagOf(1.87, lane)).toBe("low");
    expect(laneFlagOf(10, { ...lane, count: 4 })).toBeNull();
    expect(laneFlagOf(null, lane)).toBeNull();
  });
});
