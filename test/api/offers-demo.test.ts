import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laneFlagOf } from "../../common/scorecards.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { DEMO_HISTORY_LOADS } from "../../server/seed/demo-scorecards.ts";
import { createTestApp, gql, loginAs, rest, type TestApp } from "../support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe("SEED_DEMO=1 bidding", () => {
  it("has open offers with bids from several carriers and one finished offer with a winner", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const active = await rest<Record<string, unknown>[]>(t.app, "GET", "/offers/active-offers", undefined, {
      token,
    });
    expect(active.body.length).toBeGreaterThanOrEqual(3);
    expect(active.body.filter((offer) => offer.bestOffer !== null).length).toBeGreaterThanOrEqual(3);
    const bidders = await t.app.deps.db.bid.groupBy({
      by: ["offerId"],
      where: { status: "active" },
      _count: { _all: true },
    });
    expect(bidders.some((group) => group._count._all >= 3)).toBe(true);

    const history = await rest<Record<string, unknown>[]>(t.app, "GET", "/offers/history-logs", undefined, {
      token,
    });
    // Ramirez's award (tender accepted), Brooks's (tender pending) and the nine loads the demo
    // carries through every later stage of their life (demo-lifecycle.ts).
    // And the awarded history loads behind the scorecards and lane rates (demo-scorecards.ts).
    expect(history.body).toHaveLength(11 + DEMO_HISTORY_LOADS);
    const carrier = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
    const wins = await rest<Record<string, unknown>[]>(t.app, "GET", "/offers/history-wins", undefined, {
      token: carrier.token,
    });
    expect(wins.body.length).toBeGreaterThanOrEqual(1);
    const bell = await rest<Record<string, unknown>[]>(t.app, "GET", "/notifications/user", undefined, {
      token: carrier.token,
    });
    expect(bell.body.some((item) => item.bidStatus === "winner")).toBe(true);
    const tenders = await t.app.deps.db.tender.findMany({ select: { status: true } });
    expect(new Set(tenders.map((tender) => tender.status))).toEqual(
      new Set(["accepted", "pending", "declined"]),
    );
  });

  it("gives every demo carrier offers it can see, in rounds that stay open for days", async () => {
    const carriers = DEMO_USERS.filter((user) => user.role === "CARRIER").map((user) => user.email);
    const drivers = await t.app.deps.db.user.findMany({
      where: { email: { endsWith: "@drivers.freightway.test" }, role: "CARRIER" },
      select: { email: true },
    });
    for (const email of [...carriers, ...drivers.map((driver) => driver.email)]) {
      const { token } = await loginAs(t.app, email, DEMO_PASSWORD);
      const active = await rest<{ roundEndsAt: string; roundNumber: number }[]>(
        t.app,
        "GET",
        "/offers/active-offers",
        undefined,
        { token },
      );
      expect(active.body.length, email).toBeGreaterThanOrEqual(1);
      // Round 0 is a waterfall turn (award rules), not a bidding round.
      for (const offer of active.body.filter((one) => one.roundNumber > 0)) {
        expect(new Date(offer.roundEndsAt).getTime() - Date.now(), email).toBeGreaterThan(2 * 86_400_000);
      }
    }
  });

  it("has an offer with a Book Now price and a bid with an open counter-offer (demo-booking.ts)", async () => {
    const carrier = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
    const active = await rest<{ bookNowPrice: number | null }[]>(
      t.app,
      "GET",
      "/offers/active-offers",
      undefined,
      {
        token: carrier.token,
      },
    );
    expect(active.body.some((offer) => offer.bookNowPrice !== null && offer.bookNowPrice > 0)).toBe(true);
    const counters = await t.app.deps.db.bidCounter.findMany({
      where: { status: "open", expiresAt: { gt: new Date(Date.now() + 86_400_000) } },
      include: { bid: { include: { user: true } } },
    });
    expect(counters.map((counter) => counter.bid.user.email)).toContain("carrier@freightway.test");
  });
});

describe("demo award rules", () => {
  it("has an offer with auto-award and one in a waterfall offered to Ramirez", async () => {
    const rules = await t.app.deps.db.offerAwardRule.findMany({ include: { steps: true } });
    expect(rules.map((rule) => rule.mode).sort()).toEqual(["auto", "waterfall"]);
    const waterfall = rules.find((rule) => rule.mode === "waterfall");
    expect(waterfall?.waterfallStatus).toBe("running");
    const { token } = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
    const offer = await t.app.deps.db.offer.findUniqueOrThrow({
      where: { id: waterfall?.offerId ?? "" },
      include: { load: true },
    });
    const seen = await rest(t.app, "GET", `/offers/active-offers/${offer.load.loadId}`, undefined, { token });
    expect(seen.status).toBe(200);
  });
});

describe("SEED_DEMO=1 scorecards and lane rates", () => {
  it("has carriers in every tier and rates on the open offers' lanes, with one bid flagged", async () => {
    const { token } = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
    const answer = await gql<{
      carriers: { edges: { node: { carrierName: string; scorecard: { tier: string } } }[] };
    }>(
      t.app,
      "{ carriers(pageSize: 50) { edges { node { carrierName scorecard { tier } } } } }",
      {},
      { token },
    );
    const tiers = new Set(answer.data?.carriers.edges.map((edge) => edge.node.scorecard.tier));
    expect(tiers).toEqual(new Set(["Gold", "Silver", "Bronze", "New"]));
    const offers = await t.app.deps.db.offer.findMany({
      where: { status: "active" },
      include: { load: true },
    });
    let flagged = 0;
    let withRates = 0;
    for (const offer of offers) {
      const page = await gql<{
        offerByLoadId: { laneRates: { count: number; p25PerMile: number; p75PerMile: number } | null };
        offerBidders: { edges: { node: { ratePerMile: number | null } }[] };
      }>(
        t.app,
        `query ($loadId: String!) {
          offerByLoadId(loadId: $loadId) { laneRates { count medianPerMile p25PerMile p75PerMile } }
          offerBidders(filter: { loadId: $loadId }, pageSize: 50) { edges { node { ratePerMile } } }
        }`,
        { loadId: offer.load.loadId },
        { token },
      );
      const rates = page.data?.offerByLoadId.laneRates;
      if (rates && rates.count >= 5) withRates++;
      for (const edge of page.data?.offerBidders.edges ?? [])
        if (laneFlagOf(edge.node.ratePerMile, rates)) flagged++;
    }
    expect(withRates).toBeGreaterThanOrEqual(3);
    expect(flagged).toBeGreaterThanOrEqual(1);
  });
});
