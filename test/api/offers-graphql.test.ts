import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDueRounds } from "../../server/offers/service.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { countQueries } from "../support/query-count.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let pool: Bidder[];
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  pool = await bidders(t.app, 12);
});
afterAll(() => t.close());

const offerGlobalId = (id: string) => Buffer.from(`Offer:${id}`).toString("base64");

const BIDDERS = `query ($loadId: String!) {
  offerBidders(filter: { loadId: $loadId }, page: 1, pageSize: 50) {
    totalCount
    edges { node { id amount status bidderUserId carrierName bidderPhone stats { wins losses rating } } }
  }
}`;

describe("bidders list", () => {
  it("reads wins, losses and rating in a constant number of queries", async () => {
    const small = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const large = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    for (const [index, bidder] of pool.slice(0, 2).entries())
      await bid(t.app, bidder.session.token, small._id, 1000 + index);
    for (const [index, bidder] of pool.entries())
      await bid(t.app, bidder.session.token, large._id, 2000 - index);
    const operationsFor = async (loadId: string, expected: number) => {
      const counter = countQueries(t.app);
      try {
        const result = await gql<{ offerBidders: { edges: { node: { amount: number } }[] } }>(
          t.app,
          BIDDERS,
          { loadId },
          { token: world.adminSession.token },
        );
        expect(result.errors).toBeUndefined();
        expect(result.data?.offerBidders.edges).toHaveLength(expected);
        return counter.operations.length;
      } finally {
        counter.restore();
      }
    };
    await operationsFor(small.loadId, 2); // warms the per-instance viewer cache
    const few = await operationsFor(small.loadId, 2);
    const many = await operationsFor(large.loadId, 12);
    expect(many).toBe(few);
    const lowest = await gql<{ offerBidders: { edges: { node: { amount: number } }[] } }>(
      t.app,
      BIDDERS,
      { loadId: large.loadId },
      { token: world.adminSession.token },
    );
    expect(lowest.data?.offerBidders.edges[0].node.amount).toBe(1989);
    const carrier = await gql(t.app, BIDDERS, { loadId: large.loadId }, { token: pool[0].session.token });
    expect(carrier.errors?.[0].message).toBeTruthy();
  });
});

describe("GraphQL bids", () => {
  it("places a bid with the typed error for a bad amount and answers the spec's message", async () => {
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const PLACE = `mutation ($input: PlaceBidInput!) { placeBid(input: $input) {
      __typename
      ... on MutationPlaceBidSuccess { data { message bid { amount status } offer { bestOffer myBid { amount } } } }
      ... on ValidationError { message }
      ... on ConflictError { message }
    } }`;
    const bad = await gql<{ placeBid: { __typename: string; message: string } }>(
      t.app,
      PLACE,
      { input: { offerId: offerGlobalId(offer._id), amount: 12.345 } },
      { token: pool[0].session.token },
    );
    expect(bad.data?.placeBid).toEqual({
      __typename: "ValidationError",
      message: "Please enter a valid bid.",
    });
    const good = await gql<{ placeBid: { data: Record<string, unknown> } }>(
      t.app,
      PLACE,
      { input: { offerId: offerGlobalId(offer._id), amount: 1234.5 } },
      { token: pool[0].session.token },
    );
    expect(good.data?.placeBid.data).toEqual({
      message: "Puja creada exitosamente.",
      bid: { amount: 1234.5, status: "active" },
      offer: { bestOffer: 1234.5, myBid: { amount: 1234.5 } },
    });
    const admin = await gql(
      t.app,
      PLACE,
      { input: { offerId: offerGlobalId(offer._id), amount: 5 } },
      { token: world.adminSession.token },
    );
    expect(admin.errors?.length).toBeGreaterThan(0);
  });

  it("keeps the best offer equal to the lowest active bid under concurrent bids", async () => {
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const amounts = pool.flatMap((_, index) => [3000 - index * 7, 2500 + index * 3]);
    const results = await Promise.all(
      amounts.map((amount, index) => bid(t.app, pool[index % pool.length].session.token, offer._id, amount)),
    );
    expect(results.every((result) => result.status === 200 || result.status === 201)).toBe(true);
    const stored = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    const active = await t.app.deps.db.bid.aggregate({
      where: { offerId: offer._id, status: "active" },
      _min: { amountCents: true },
    });
    expect(stored.bestBidCents).toBe(active._min.amountCents);
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(pool.length);
  });

  it("lets exactly one of two racing winner confirmations through", async () => {
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const first = await bid(t.app, pool[0].session.token, offer._id, 900);
    const second = await bid(t.app, pool[1].session.token, offer._id, 950);
    const ids = [first, second].map((result) => (result.body.bid as { _id: string })._id);
    const race = await Promise.all(
      ids.map((bidId) =>
        rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId }, { token: world.adminSession.token }),
      ),
    );
    expect(race.map((result) => result.status).sort()).toEqual([200, 409]);
    const winners = await t.app.deps.db.bid.count({ where: { offerId: offer._id, status: "winner" } });
    expect(winners).toBe(1);
    const notified = await t.app.deps.db.notification.count({
      where: {
        userId: { in: [pool[0].user.id, pool[1].user.id] },
        bidStatus: "winner",
        createdAt: { gte: new Date(Date.now() - 60_000) },
        message: { contains: offer.loadId },
      },
    });
    expect(notified).toBe(1);
  });
});

describe("live offers", () => {
  it("pushes a bid's best offer to watchers and a round close exactly once", async () => {
    const url = await t.app.start(0);
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const watcher = subscribeOverWs<{ offerChanged: { bestOffer: number | null; roundEnds: string } }>(
      url,
      pool[2].session.token,
      `subscription { offerChanged(offerId: "${offerGlobalId(offer._id)}") { bestOffer roundEnds } }`,
    );
    try {
      await watcher.ready;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await bid(t.app, pool[3].session.token, offer._id, 777.77);
      await waitFor(() => watcher.received.some((event) => event.offerChanged.bestOffer === 777.77));
      await t.app.deps.db.offer.update({
        where: { id: offer._id },
        data: { roundEndsAt: new Date(Date.now() - 1) },
      });
      const closes = await Promise.all([
        closeDueRounds(t.app.deps),
        closeDueRounds(t.app.deps),
        closeDueRounds(t.app.deps),
      ]);
      expect(closes.flat().filter((id) => id === offer._id)).toHaveLength(1);
      await waitFor(() => watcher.received.some((event) => event.offerChanged.roundEnds === "Time's up"));
      await new Promise((resolve) => setTimeout(resolve, 2500)); // the round clock sweeps too
      expect(watcher.received.filter((event) => event.offerChanged.roundEnds === "Time's up")).toHaveLength(
        1,
      );
    } finally {
      await watcher.close();
    }
  });
});

describe("offer list", () => {
  it("reads a page of offers with the viewer's own bid in a constant number of queries", async () => {
    for (let index = 0; index < 6; index++) {
      const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
      await bid(t.app, pool[5].session.token, offer._id, 900 + index);
    }
    const LIST = `query ($pageSize: Int) { activeOffers(page: 1, pageSize: $pageSize) {
      totalCount edges { node { id loadId bestOffer roundEnds roundEndsAt myBid { amount status } } } } }`;
    const operationsFor = async (pageSize: number) => {
      const counter = countQueries(t.app);
      try {
        const result = await gql<{ activeOffers: { edges: unknown[] } }>(
          t.app,
          LIST,
          { pageSize },
          { token: pool[5].session.token },
        );
        expect(result.errors).toBeUndefined();
        expect(result.data?.activeOffers.edges).toHaveLength(pageSize);
        return counter.operations.length;
      } finally {
        counter.restore();
      }
    };
    await operationsFor(2); // warms the per-instance viewer cache, so both counts see it the same
    const six = await operationsFor(6);
    expect(six).toBe(await operationsFor(2));
  });
});
