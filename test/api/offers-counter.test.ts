import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTER_MESSAGES } from "../../common/booking.ts";
import { decideDueAutoAwards } from "../../server/offers/award.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";

/**
 * Counter-offers (issue #29): the operator counters a bid, the carrier accepts (its bid takes the
 * amount and wins, the tender follows), declines, or bids again (superseded); one open counter per
 * bid, for COUNTER_OFFER_MINUTES. Races: accept vs the offer's close or another award, exactly one
 * outcome. On both databases.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let pool: Bidder[];
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  pool = await bidders(t.app, 4);
});
afterAll(() => t.close());

const admin = () => world.adminSession.token;
const counter = (bidId: string, body: unknown, token = admin()) =>
  rest(t.app, "POST", `/bids/${bidId}/counter`, body, { token });
const accept = (bidId: string, token: string) =>
  rest(t.app, "POST", `/bids/${bidId}/counter/accept`, undefined, { token });
const decline = (bidId: string, token: string) =>
  rest(t.app, "POST", `/bids/${bidId}/counter/decline`, undefined, { token });
const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

/** An open offer with a bid of each of the first `count` carriers (1000, 1100, ...); answers the bid ids. */
async function offerWithBids(count = 2) {
  const offer = await openOffer(t.app, admin(), (await biddableLoad(t.app)).loadId);
  const bidIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const placed = await bid(t.app, pool[index].session.token, offer._id, 1000 + index * 100);
    bidIds.push((placed.body.bid as { _id: string })._id);
  }
  return { offer, bidIds };
}

async function stateOf(offerId: string) {
  const db = t.app.deps.db;
  return {
    offer: await db.offer.findUniqueOrThrow({ where: { id: offerId } }),
    bids: await db.bid.findMany({ where: { offerId }, orderBy: { id: "asc" } }),
    counters: await db.bidCounter.findMany({ where: { offerId }, orderBy: { id: "asc" } }),
    tenders: await db.tender.count({ where: { offerId } }),
  };
}

describe("counter-offers", () => {
  it("counters a bid, refuses a second open counter, and the carrier's acceptance wins at the counter's amount", async () => {
    const { offer, bidIds } = await offerWithBids(2);
    const made = await counter(bidIds[1], { amount: 1050, note: "Meet me at 1050?" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ amount: 1050, note: "Meet me at 1050?", status: "open" });
    const expiresIn = Date.parse(made.body.expiresAt as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    const told = await t.app.deps.db.notification.findMany({
      where: {
        userId: pool[1].user.id,
        title: { contains: "Counter-offer" },
        message: { contains: "$1,050.00" },
      },
    });
    expect(told).toHaveLength(1);

    const before = await stateOf(offer._id);
    const twice = await counter(bidIds[1], { amount: 1040 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(COUNTER_MESSAGES.alreadyOpen);
    expect(await stateOf(offer._id)).toEqual(before);

    // The carrier reads the open counter on its own bid.
    const read = await gql<{
      offerByLoadId: { myBid: { counter: { amount: number; note: string; status: string } } };
    }>(
      t.app,
      `query ($loadId: String!) { offerByLoadId(loadId: $loadId) { myBid { counter { amount note status expiresAt } } } }`,
      { loadId: offer.loadId },
      { token: pool[1].session.token },
    );
    expect(read.data?.offerByLoadId.myBid.counter).toMatchObject({
      amount: 1050,
      note: "Meet me at 1050?",
      status: "open",
    });

    const accepted = await accept(bidIds[1], pool[1].session.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.winner).toMatchObject({ _id: bidIds[1], amount: 1050, status: "winner" });
    const after = await stateOf(offer._id);
    expect(after.offer).toMatchObject({ status: "finished", winnerBidId: bidIds[1] });
    expect(after.bids.find((row) => row.id === bidIds[0])?.status).toBe("loser");
    expect(after.counters.map((row) => row.status)).toEqual(["accepted"]);
    const tender = await rest(t.app, "GET", `/offers/${offer.loadId}/tender`, undefined, {
      token: pool[1].session.token,
    });
    expect(tender.body).toMatchObject({ status: "pending", amount: 1050 });
    expect(
      await t.app.deps.db.notification.count({
        where: { userId: world.admin.id, title: { contains: "Counter-offer accepted" } },
      }),
    ).toBeGreaterThanOrEqual(1);
    const history = await t.app.deps.db.auditLog.findMany({
      where: { entityId: offer._id },
      orderBy: { createdAt: "asc" },
      select: { action: true },
    });
    expect(history.map((row) => row.action)).toEqual(
      expect.arrayContaining(["bid.counter", "bid.counterAccepted"]),
    );

    // The offer is decided: a new counter is refused.
    const late = await counter(bidIds[0], { amount: 900 });
    expect(late.status).toBe(409);
  });

  it("declines (the bid stands, the operator is told), and bidding again supersedes an open counter", async () => {
    const { offer, bidIds } = await offerWithBids(1);
    await counter(bidIds[0], { amount: 950 });
    const declined = await decline(bidIds[0], pool[0].session.token);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    const state = await stateOf(offer._id);
    expect(state.bids[0]).toMatchObject({ amountCents: 100_000, status: "active" });
    expect(
      await t.app.deps.db.notification.count({
        where: { userId: world.admin.id, title: `Counter-offer declined: load ${offer.loadId}` },
      }),
    ).toBe(1);
    const again = await accept(bidIds[0], pool[0].session.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COUNTER_MESSAGES.notOpen);

    expect((await counter(bidIds[0], { amount: 960 })).status).toBe(201);
    expect((await bid(t.app, pool[0].session.token, offer._id, 980)).status).toBe(200);
    const superseded = await stateOf(offer._id);
    expect(superseded.counters.map((row) => row.status)).toEqual(["declined", "superseded"]);
    expect((await accept(bidIds[0], pool[0].session.token)).status).toBe(409);
    // A new counter may follow the carrier's new bid.
    expect((await counter(bidIds[0], { amount: 970 })).status).toBe(201);
  });

  it("refuses another carrier, an operator, an expired counter and bad input, changing nothing", async () => {
    const { offer, bidIds } = await offerWithBids(2);
    for (const [body, status] of [
      [{ amount: -5 }, 400],
      [{ amount: 0 }, 400],
      [{ amount: "lots" }, 400],
      [{ amount: 10_000_000.01 }, 400],
      [{ amount: 900, note: "x".repeat(501) }, 400],
      [{}, 400],
    ] as const) {
      const refused = await counter(bidIds[0], body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
    }
    expect((await counter("no-such-bid", { amount: 900 })).status).toBe(404);
    expect((await counter(bidIds[0], { amount: 900 }, pool[0].session.token)).status).toBe(403);
    expect(await t.app.deps.db.bidCounter.count({ where: { offerId: offer._id } })).toBe(0);

    await counter(bidIds[0], { amount: 900 });
    const before = await stateOf(offer._id);
    const notYours = await accept(bidIds[0], pool[1].session.token);
    expect(notYours.status).toBe(404);
    expect((await decline(bidIds[0], pool[1].session.token)).status).toBe(404);
    expect((await accept(bidIds[0], admin())).status).toBe(403);
    expect(await stateOf(offer._id)).toEqual(before);

    await t.app.deps.db.bidCounter.updateMany({
      where: { bidId: bidIds[0] },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expiredBefore = await stateOf(offer._id);
    const expired = await accept(bidIds[0], pool[0].session.token);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(COUNTER_MESSAGES.expired);
    expect((await decline(bidIds[0], pool[0].session.token)).status).toBe(409);
    expect(await stateOf(offer._id)).toEqual(expiredBefore);
    // An expired counter does not block the next one.
    expect((await counter(bidIds[0], { amount: 905 })).status).toBe(201);

    // A folded bid cannot be countered, and folding closes its open counter.
    expect(
      (await rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, { token: pool[0].session.token }))
        .status,
    ).toBe(200);
    const folded = await stateOf(offer._id);
    expect(folded.counters.at(-1)?.status).toBe("closed");
    expect((await counter(bidIds[0], { amount: 800 })).status).toBe(409);
  });

  it("gives exactly one outcome when an acceptance races the offer's close or another award", async () => {
    for (let round = 0; round < 6; round++) {
      const { offer, bidIds } = await offerWithBids(2);
      await counter(bidIds[1], { amount: 1010 });
      const rival =
        round % 2 === 0
          ? rest(t.app, "PATCH", `/offers/${offer._id}/status`, { status: "finished" }, { token: admin() })
          : rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId: bidIds[0] }, { token: admin() });
      const [accepted, other] = await Promise.all([accept(bidIds[1], pool[1].session.token), rival]);
      expect([accepted.status, other.status].sort(), `round ${round}`).toEqual([200, 409]);
      const state = await stateOf(offer._id);
      expect(state.offer.status).toBe("finished");
      if (accepted.status === 200) {
        expect(state.offer.winnerBidId).toBe(bidIds[1]);
        expect(state.counters[0].status).toBe("accepted");
        expect(state.tenders).toBe(1);
      } else {
        expect(accepted.body.message).toBe(COUNTER_MESSAGES.offerClosed);
        expect(state.counters[0].status).not.toBe("accepted");
        expect(state.bids.find((row) => row.id === bidIds[1])?.amountCents).toBe(110_000);
        expect(state.tenders).toBe(round % 2 === 0 ? 0 : 1);
      }
      expect(state.bids.filter((row) => row.status === "winner").length).toBe(
        state.offer.winnerBidId ? 1 : 0,
      );
    }
  });

  /** An auto-award offer with two bids, a counter on the second, and its round and decision due. */
  async function counteredOfferPastItsRound() {
    const past = new Date(Date.now() - 1000);
    const offer = await openOffer(t.app, admin(), (await biddableLoad(t.app)).loadId, {
      awardRules: { mode: "auto", ceiling: 5000 },
    });
    const bidIds: string[] = [];
    for (const [index, amount] of [1000, 1100].entries()) {
      const placed = await bid(t.app, pool[index].session.token, offer._id, amount);
      bidIds.push((placed.body.bid as { _id: string })._id);
    }
    expect((await counter(bidIds[1], { amount: 1050 })).status).toBe(201);
    await t.app.deps.db.offer.update({ where: { id: offer._id }, data: { roundEndsAt: past } });
    await t.app.deps.db.offerAwardRule.update({ where: { offerId: offer._id }, data: { decideAt: past } });
    return { offer, bidIds };
  }

  it("tells a carrier who accepts after the round's auto-award that the offer is closed", async () => {
    const { offer, bidIds } = await counteredOfferPastItsRound();
    expect(await decideDueAutoAwards(t.app.deps)).toContain(offer._id);
    const accepted = await accept(bidIds[1], pool[1].session.token);
    expect([accepted.status, accepted.body.message]).toEqual([409, COUNTER_MESSAGES.offerClosed]);
  });

  it("gives exactly one outcome when an acceptance races the round's close deciding an auto-award", async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < 6; round++) {
      // The round closes: the round clock's sweep decides the auto-award while the carrier accepts.
      const { offer, bidIds } = await counteredOfferPastItsRound();
      // Every other round the sweep starts a little later, so either side may get there first.
      const sweep =
        round % 2 === 0
          ? decideDueAutoAwards(t.app.deps)
          : new Promise((resolve) => setTimeout(resolve, round - 1)).then(() =>
              decideDueAutoAwards(t.app.deps),
            );
      const [accepted, decided] = await Promise.all([accept(bidIds[1], pool[1].session.token), sweep]);
      outcomes.add(accepted.status);
      const state = await stateOf(offer._id);
      expect(state.offer.status, `round ${round}`).toBe("finished");
      expect(state.bids.filter((row) => row.status === "winner").map((row) => row.id)).toEqual([
        state.offer.winnerBidId,
      ]);
      expect(state.tenders).toBe(1);
      if (accepted.status === 200) {
        expect(state.offer.winnerBidId).toBe(bidIds[1]);
        expect(state.counters[0].status).toBe("accepted");
        expect(state.bids.find((row) => row.id === bidIds[1])?.amountCents).toBe(105_000);
        expect(decided).not.toContain(offer._id);
      } else {
        expect([accepted.status, accepted.body.message]).toEqual([409, COUNTER_MESSAGES.offerClosed]);
        expect(state.offer.winnerBidId).toBe(bidIds[0]);
        expect(state.counters[0].status).not.toBe("accepted");
        expect(state.bids.find((row) => row.id === bidIds[1])?.amountCents).toBe(110_000);
        expect(decided).toContain(offer._id);
      }
    }
    expect([...outcomes].every((status) => status === 200 || status === 409)).toBe(true);
  });

  it("counters, declines and accepts through GraphQL, with the bid's counter field", async () => {
    const { offer, bidIds } = await offerWithBids(2);
    const COUNTER = `mutation ($input: CounterBidInput!) { counterBid(input: $input) {
      __typename ... on MutationCounterBidSuccess { data { bid { amount counter { amount note status } } } }
      ... on Error { message } } }`;
    const made = await gql<{
      counterBid: { data: { bid: { amount: number; counter: { amount: number; status: string } } } };
    }>(
      t.app,
      COUNTER,
      { input: { bidId: globalId("Bid", bidIds[0]), amount: 990, note: "Close?" } },
      { token: admin() },
    );
    expect(made.data?.counterBid.data.bid).toEqual({
      amount: 1000,
      counter: { amount: 990, note: "Close?", status: "open" },
    });
    const twice = await gql<{ counterBid: { __typename: string; message: string } }>(
      t.app,
      COUNTER,
      { input: { bidId: globalId("Bid", bidIds[0]), amount: 980 } },
      { token: admin() },
    );
    expect(twice.data?.counterBid).toEqual({
      __typename: "ConflictError",
      message: COUNTER_MESSAGES.alreadyOpen,
    });
    const byCarrier = await gql(
      t.app,
      COUNTER,
      { input: { bidId: globalId("Bid", bidIds[0]), amount: 980 } },
      { token: pool[0].session.token },
    );
    expect(byCarrier.errors?.length).toBeGreaterThan(0);

    const DECLINE = `mutation ($input: AnswerCounterInput!) { declineCounter(input: $input) {
      ... on MutationDeclineCounterSuccess { data { bid { counter { status } } } } ... on Error { message } } }`;
    const declined = await gql<{ declineCounter: { data: { bid: { counter: { status: string } } } } }>(
      t.app,
      DECLINE,
      { input: { bidId: globalId("Bid", bidIds[0]) } },
      { token: pool[0].session.token },
    );
    expect(declined.data?.declineCounter.data.bid.counter.status).toBe("declined");

    await gql(
      t.app,
      COUNTER,
      { input: { bidId: globalId("Bid", bidIds[0]), amount: 985 } },
      { token: admin() },
    );
    const ACCEPT = `mutation ($input: AnswerCounterInput!) { acceptCounter(input: $input) {
      ... on MutationAcceptCounterSuccess { data { offer { status } bid { amount status counter { status } } } }
      ... on Error { message } } }`;
    const accepted = await gql<{
      acceptCounter: { data: { offer: { status: string }; bid: { amount: number; status: string } } };
    }>(t.app, ACCEPT, { input: { bidId: globalId("Bid", bidIds[0]) } }, { token: pool[0].session.token });
    expect(accepted.data?.acceptCounter.data).toEqual({
      offer: { status: "finished" },
      bid: { amount: 985, status: "winner", counter: { status: "accepted" } },
    });
    expect((await stateOf(offer._id)).offer.winnerBidId).toBe(bidIds[0]);
  });
});
