import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BID_MESSAGES, OFFER_MESSAGES } from "../../common/offers.ts";
import { type App, buildApp } from "../../server/app.ts";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";

/**
 * Concurrent bids share transactions (group commit, server/offers/bids/service.ts): these bursts
 * check that sharing never loses a bid, never mixes up one carrier's answers with another's, and
 * that one refused bid in a group leaves the others alone. On both databases.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let pool: Bidder[];
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  pool = await bidders(t.app, 10);
});
afterAll(() => t.close());

async function expectBestIsLowestActive(app: App, offerId: string) {
  const offer = await app.deps.db.offer.findUniqueOrThrow({ where: { id: offerId } });
  const lowest = await app.deps.db.bid.aggregate({
    where: { offerId, status: "active" },
    _min: { amountCents: true },
  });
  expect(offer.bestBidCents).toBe(lowest._min.amountCents);
}

describe("bids in one burst", () => {
  it("answers each carrier's first bid 201 and its others 200, one bid per carrier, best = lowest active", async () => {
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const placed = pool.flatMap((bidder, index) =>
      [0, 1, 2, 3].map((round) => ({ bidder, amount: 5000 - index * 10 - round * 3 })),
    );
    const answers = await Promise.all(
      placed.map(({ bidder, amount }) => bid(t.app, bidder.session.token, offer._id, amount)),
    );
    for (const bidder of pool) {
      const mine = answers.filter((_, index) => placed[index].bidder === bidder);
      expect(mine.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
      expect(mine.filter((answer) => answer.status === 201)[0].body.message).toBe(BID_MESSAGES.created);
      // Each answer carries the carrier's own bid, never another carrier's.
      expect(new Set(mine.map((answer) => (answer.body.bid as { userId: string }).userId))).toEqual(
        new Set([bidder.user.id]),
      );
    }
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(pool.length);
    await expectBestIsLowestActive(t.app, offer._id);

    // Folds racing new bids: the best offer still follows the active bids only.
    const lowest = pool.at(-1) as Bidder;
    const racing = await Promise.all([
      rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, { token: lowest.session.token }),
      rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, { token: pool[3].session.token }),
      ...pool.slice(0, 3).map((bidder, index) => bid(t.app, bidder.session.token, offer._id, 4000 + index)),
    ]);
    expect(racing.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await expectBestIsLowestActive(t.app, offer._id);
    expect((await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).bestBidCents).toBe(
      400_000,
    );
  });

  it("refuses a closed round, a finished offer, an unknown offer and a hidden offer in the same burst, and places the others", async () => {
    const open = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const closed = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const finished = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    await t.app.deps.db.offer.update({
      where: { id: closed._id },
      data: { roundEndsAt: new Date(Date.now() - 1000) },
    });
    await t.app.deps.db.offer.update({ where: { id: finished._id }, data: { status: "finished" } });
    // The loads run Chicago, IL -> Dallas, TX: a carrier working only in Maine does not see them.
    const [elsewhere] = await bidders(t.app, 1, ["ME"]);
    const before = await t.app.deps.db.bid.count();

    const answers = await Promise.all([
      bid(t.app, pool[0].session.token, open._id, 100),
      bid(t.app, pool[1].session.token, closed._id, 100),
      bid(t.app, pool[2].session.token, finished._id, 100),
      bid(t.app, pool[3].session.token, "no-such-offer", 100),
      bid(t.app, elsewhere.session.token, open._id, 90),
      bid(t.app, pool[4].session.token, open._id, 95),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 409, 409, 404, 404, 201]);
    expect(answers[1].body.message).toBe(BID_MESSAGES.roundClosed);
    expect(answers[2].body.message).toBe(BID_MESSAGES.offerClosed);
    expect(answers[3].body.message).toBe(OFFER_MESSAGES.notFound);
    expect(answers[4].body.message).toBe(OFFER_MESSAGES.notFound);
    expect(await t.app.deps.db.bid.count()).toBe(before + 2);
    expect((await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: open._id } })).bestBidCents).toBe(
      9500,
    );
    for (const refused of [closed, finished]) {
      const offer = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: refused._id } });
      expect(offer.bestBidCents).toBeNull();
    }
  });
});

describe("two instances on one database", () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({ ...t.app.deps.config });
  });
  afterAll(() => second.stop());

  it("keeps the best offer at the lowest active bid when both take bids on one offer at once", async () => {
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const amounts = pool.flatMap((_, index) => [7000 - index * 13, 6000 + index * 11, 6500 - index * 7]);
    const answers = await Promise.all(
      amounts.map((amount, index) =>
        bid(index % 2 === 0 ? t.app : second, pool[index % pool.length].session.token, offer._id, amount),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(pool.length);
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(pool.length);
    await expectBestIsLowestActive(t.app, offer._id);
  });
});
