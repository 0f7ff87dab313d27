import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOK_NOW_MESSAGES } from "../../common/booking.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";

/**
 * Book Now (issue #29): an offer with a Book Now price is booked by one carrier at that price, which
 * wins at once through the same award as Confirm Winner (tender, bill, notifications). Exactly one
 * of any number of racing bookings wins; every refusal changes nothing. On both databases.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let pool: Bidder[];
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  pool = await bidders(t.app, 20);
});
afterAll(() => t.close());

const admin = () => world.adminSession.token;
const book = (loadId: string, token: string) =>
  rest(t.app, "POST", `/offers/${loadId}/book`, undefined, { token });
const offerGlobalId = (id: string) => Buffer.from(`Offer:${id}`).toString("base64");

async function bookNowOffer(price: unknown = 1250) {
  const load = await biddableLoad(t.app);
  return openOffer(t.app, admin(), load.loadId, { bookNowPrice: price });
}

/** Everything a booking may change, to show that a refusal changed nothing. */
async function stateOf(offerId: string) {
  const db = t.app.deps.db;
  const offer = await db.offer.findUniqueOrThrow({ where: { id: offerId } });
  return {
    offer,
    bids: await db.bid.findMany({ where: { offerId }, orderBy: { id: "asc" } }),
    tenders: await db.tender.count({ where: { offerId } }),
    load: await db.load.findUniqueOrThrow({ where: { id: offer.loadId } }),
    bills: await db.bill.count({ where: { loadId: offer.loadId } }),
  };
}

describe("Book Now", () => {
  it("starts an offer with a Book Now price that carriers see, and refuses a bad price with nothing created", async () => {
    const offer = await bookNowOffer(1250.5);
    expect(offer.bookNowPrice).toBe(1250.5);
    const seen = await rest<{ _id: string; bookNowPrice: number | null }[]>(
      t.app,
      "GET",
      "/offers/active-offers?limit=200",
      undefined,
      { token: pool[0].session.token },
    );
    expect(seen.body.find((item) => item._id === offer._id)?.bookNowPrice).toBe(1250.5);

    for (const [price, message] of [
      [-5, BOOK_NOW_MESSAGES.invalid],
      [0, BOOK_NOW_MESSAGES.invalid],
      ["abc", BOOK_NOW_MESSAGES.invalid],
      [12.345, BOOK_NOW_MESSAGES.invalid],
      [10_000_000.01, BOOK_NOW_MESSAGES.tooLarge],
    ] as const) {
      const load = await biddableLoad(t.app);
      const refused = await rest(
        t.app,
        "POST",
        "/offers",
        { loadId: load.loadId, bookNowPrice: price },
        { token: admin() },
      );
      expect(refused.status, String(price)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
      expect(await t.app.deps.db.offer.count({ where: { loadId: load.id } })).toBe(0);
    }
  });

  it("books at the price: the carrier's bid wins, the others lose, the round ends and the tender follows", async () => {
    const offer = await bookNowOffer(1250);
    const [booker, other] = pool;
    await bid(t.app, other.session.token, offer._id, 1100);
    const booked = await book(offer.loadId, booker.session.token);
    expect(booked.status).toBe(200);
    const winner = booked.body.winner as { userId: string; amount: number; status: string };
    expect(winner).toMatchObject({ userId: booker.user.id, amount: 1250, status: "winner" });
    expect((booked.body.offer as { status: string }).status).toBe("finished");

    const state = await stateOf(offer._id);
    expect(state.offer.winnerBidId).not.toBeNull();
    expect(state.bids.map((row) => [row.userId, row.status, row.amountCents]).sort()).toEqual(
      [
        [booker.user.id, "winner", 125_000],
        [other.user.id, "loser", 110_000],
      ].sort(),
    );
    expect(state.load.carrierRateCents).toBe(125_000);
    const tender = await rest<{ status: string; amount: number }>(
      t.app,
      "GET",
      `/offers/${offer.loadId}/tender`,
      undefined,
      { token: booker.session.token },
    );
    expect(tender.body).toMatchObject({ status: "pending", amount: 1250 });
    expect(
      await t.app.deps.db.notification.count({
        where: { userId: booker.user.id, bidStatus: "winner", message: { contains: offer.loadId } },
      }),
    ).toBe(1);
    expect(
      await t.app.deps.db.auditLog.count({ where: { entityId: offer._id, action: "offer.booked" } }),
    ).toBe(1);
  });

  it("lets exactly one of 20 concurrent bookings win; the 19 others get a clean 409", async () => {
    const offer = await bookNowOffer(2000);
    const answers = await Promise.all(pool.map((bidder) => book(offer.loadId, bidder.session.token)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect([BOOK_NOW_MESSAGES.taken, BOOK_NOW_MESSAGES.closed]).toContain(answer.body.message);
    }
    const state = await stateOf(offer._id);
    expect(state.bids.filter((row) => row.status === "winner")).toHaveLength(1);
    // The losers of the race left no bid behind (their transactions rolled back).
    expect(state.bids).toHaveLength(1);
    expect(state.tenders).toBe(1);
    expect(state.bills).toBe(1);
    const won = answers.find((answer) => answer.status === 200);
    const winnerId = (won?.body.winner as { userId: string } | undefined)?.userId;
    expect(
      await t.app.deps.db.notification.count({
        where: { bidStatus: "winner", message: { contains: offer.loadId } },
      }),
    ).toBe(1);
    expect(state.bids[0].userId).toBe(winnerId);
  });

  it("refuses an offer without Book Now, a finished one, a closed round and an operator, changing nothing", async () => {
    const plain = await openOffer(t.app, admin(), (await biddableLoad(t.app)).loadId);
    await bid(t.app, pool[1].session.token, plain._id, 900);
    const before = await stateOf(plain._id);
    const refused = await book(plain.loadId, pool[0].session.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BOOK_NOW_MESSAGES.notOffered);
    expect(await stateOf(plain._id)).toEqual(before);

    const finished = await bookNowOffer(1500);
    expect((await book(finished.loadId, pool[2].session.token)).status).toBe(200);
    const afterWin = await stateOf(finished._id);
    const again = await book(finished.loadId, pool[3].session.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BOOK_NOW_MESSAGES.taken);
    expect(await stateOf(finished._id)).toEqual(afterWin);

    const closed = await bookNowOffer(1500);
    await t.app.deps.db.offer.update({
      where: { id: closed._id },
      data: { roundEndsAt: new Date(Date.now() - 1000) },
    });
    const beforeClosed = await stateOf(closed._id);
    const late = await book(closed.loadId, pool[3].session.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(BOOK_NOW_MESSAGES.roundClosed);
    expect(await stateOf(closed._id)).toEqual(beforeClosed);

    const byOperator = await book(closed.loadId, admin());
    expect(byOperator.status).toBe(403);
    expect(await stateOf(closed._id)).toEqual(beforeClosed);

    const unknown = await book("no-such-load", pool[3].session.token);
    expect(unknown.status).toBe(404);
  });

  it("books through GraphQL too, and shows the Book Now price on the offer", async () => {
    const offer = await bookNowOffer(777);
    const read = await gql<{ offerByLoadId: { bookNowPrice: number } }>(
      t.app,
      `query ($loadId: String!) { offerByLoadId(loadId: $loadId) { bookNowPrice } }`,
      { loadId: offer.loadId },
      { token: pool[4].session.token },
    );
    expect(read.data?.offerByLoadId.bookNowPrice).toBe(777);
    const BOOK = `mutation ($input: BookOfferInput!) { bookOffer(input: $input) {
      __typename ... on MutationBookOfferSuccess { data { offer { status } bid { amount status } } }
      ... on Error { message } } }`;
    const booked = await gql<{
      bookOffer: { data: { offer: { status: string }; bid: { amount: number; status: string } } };
    }>(t.app, BOOK, { input: { offerId: offerGlobalId(offer._id) } }, { token: pool[4].session.token });
    expect(booked.errors).toBeUndefined();
    expect(booked.data?.bookOffer.data).toEqual({
      offer: { status: "finished" },
      bid: { amount: 777, status: "winner" },
    });
    const second = await gql<{ bookOffer: { __typename: string; message: string } }>(
      t.app,
      BOOK,
      { input: { offerId: offerGlobalId(offer._id) } },
      { token: pool[5].session.token },
    );
    expect(second.data?.bookOffer).toEqual({ __typename: "ConflictError", message: BOOK_NOW_MESSAGES.taken });

    const START = `mutation ($input: StartOfferInput!) { startOffer(input: $input) {
      ... on MutationStartOfferSuccess { data { offer { bookNowPrice } } } ... on Error { message } } }`;
    const load = await biddableLoad(t.app);
    const started = await gql<{ startOffer: { data: { offer: { bookNowPrice: number } } } }>(
      t.app,
      START,
      { input: { loadId: load.loadId, bookNowPrice: 1999.99 } },
      { token: admin() },
    );
    expect(started.data?.startOffer.data.offer.bookNowPrice).toBe(1999.99);
  });
});
