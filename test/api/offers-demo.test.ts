import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { createTestApp, loginAs, rest, type TestApp } from "../support/app.ts";

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
    expect(history.body).toHaveLength(11);
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
    expect(new Set(tenders.map((tender) => tender.status))).toEqual(new Set(["accepted", "pending"]));
  });

  it("gives every demo carrier offers it can see, in rounds that stay open for days", async () => {
    const carriers = DEMO_USERS.filter((user) => user.role === "CARRIER").map((user) => user.email);
    const drivers = await t.app.deps.db.user.findMany({
      where: { email: { endsWith: "@drivers.freightway.test" }, role: "CARRIER" },
      select: { email: true },
    });
    for (const email of [...carriers, ...drivers.map((driver) => driver.email)]) {
      const { token } = await loginAs(t.app, email, DEMO_PASSWORD);
      const active = await rest<{ roundEndsAt: string }[]>(t.app, "GET", "/offers/active-offers", undefined, {
        token,
      });
      expect(active.body.length, email).toBeGreaterThanOrEqual(1);
      for (const offer of active.body) {
        expect(new Date(offer.roundEndsAt).getTime() - Date.now(), email).toBeGreaterThan(2 * 86_400_000);
      }
    }
  });
});
