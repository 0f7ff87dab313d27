import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETPLACE_PENDING_MESSAGE, MARKETPLACE_REJECTED_MESSAGE } from "../../common/workspace.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());
let listening: string | undefined;
const serverUrl = async () => {
  listening ??= await t.app.start(0);
  return listening;
};

describe("marketplace vetting (workspace control)", () => {
  it.each([
    ["pending", MARKETPLACE_PENDING_MESSAGE],
    ["rejected", MARKETPLACE_REJECTED_MESSAGE],
  ])("refuses a %s carrier the offer list and bidding, and stores nothing", async (status, message) => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [vetted, waiting] = await bidders(t.app, 2);
    await t.app.deps.db.user.update({ where: { id: waiting.user.id }, data: { approvalStatus: status } });
    const token = waiting.session.token;

    const list = await rest(t.app, "GET", "/offers/active-offers", undefined, { token });
    expect(list.status).toBe(403);
    expect(JSON.stringify(list.body)).toContain(message);
    expect(
      (await rest(t.app, "GET", `/offers/active-offers/${load.loadId}`, undefined, { token })).status,
    ).toBe(403);
    const placed = await bid(t.app, token, offer._id, 1500);
    expect(placed.status).toBe(403);
    expect(await t.app.deps.db.bid.count({ where: { userId: waiting.user.id } })).toBe(0);

    expect(
      (await rest(t.app, "GET", "/offers/active-offers", undefined, { token: vetted.session.token })).status,
    ).toBe(200);
    expect((await bid(t.app, vetted.session.token, offer._id, 1500)).status).toBe(201);
  });
});

describe("marketplace vetting on every other bidding path", () => {
  it("refuses a pending carrier over GraphQL (list, offer, bid, fold) and the REST fold, and stores nothing", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [waiting] = await bidders(t.app, 1);
    expect((await bid(t.app, waiting.session.token, offer._id, 1400)).status).toBe(201);
    await t.app.deps.db.user.update({ where: { id: waiting.user.id }, data: { approvalStatus: "pending" } });
    const token = waiting.session.token;
    const bidsBefore = await t.app.deps.db.bid.findMany({ where: { userId: waiting.user.id } });

    const list = await gql(t.app, "{ activeOffers { totalCount } }", {}, { token });
    expect(JSON.stringify(list.errors)).toContain(MARKETPLACE_PENDING_MESSAGE);
    const one = await gql<{ offerByLoadId: unknown }>(
      t.app,
      "query ($l: String!) { offerByLoadId(loadId: $l) { id } }",
      { l: load.loadId },
      { token },
    );
    expect(one.data?.offerByLoadId ?? null).toBeNull();
    const offerId = encodeGlobalID("Offer", offer._id);
    for (const [name, input] of [
      ["placeBid", `{offerId: "${offerId}", amount: 1300}`],
      ["foldBid", `{offerId: "${offerId}"}`],
    ]) {
      const result = await gql(
        t.app,
        `mutation { ${name}(input: ${input}) { __typename ... on Error { message } } }`,
        {},
        { token },
      );
      expect(JSON.stringify(result), name).toContain(MARKETPLACE_PENDING_MESSAGE);
    }
    const fold = await rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, { token });
    expect(fold.status).toBe(403);
    expect(await t.app.deps.db.bid.findMany({ where: { userId: waiting.user.id } })).toEqual(bidsBefore);
  });
});

describe("marketplace vetting over graphql-ws", () => {
  it("refuses a pending carrier live offers, and still serves a vetted one", async () => {
    const [vetted, waiting] = await bidders(t.app, 2);
    await t.app.deps.db.user.update({ where: { id: waiting.user.id }, data: { approvalStatus: "pending" } });
    const url = await serverUrl();
    const query = "subscription { offerChanged { loadId } }";
    const refused = subscribeOverWs(url, waiting.session.token, query);
    const served = subscribeOverWs<{ offerChanged: { loadId: string } }>(url, vetted.session.token, query);
    try {
      await Promise.all([refused.ready, served.ready]);
      await waitFor(() => refused.errors.length > 0);
      expect(JSON.stringify(refused.errors)).toContain(MARKETPLACE_PENDING_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const load = await biddableLoad(t.app);
      await openOffer(t.app, world.adminSession.token, load.loadId);
      await waitFor(() => served.received.some((event) => event.offerChanged.loadId === load.loadId));
    } finally {
      await Promise.all([refused.close(), served.close()]);
    }
  });
});

describe("live offers follow the offer read policy", () => {
  it("tells each carrier only the offers it may read: in its areas, or bid on", async () => {
    const admin = world.adminSession.token;
    // The loads run Chicago, IL -> Dallas, TX.
    const earlier = await openOffer(t.app, admin, (await biddableLoad(t.app)).loadId);
    const [anywhere, outside, outsideBidder] = await bidders(t.app, 3, [null, "CA", null]);
    expect((await bid(t.app, outsideBidder.session.token, earlier._id, 1500)).status).toBe(201);
    await t.app.deps.db.user.update({
      where: { id: outsideBidder.user.id },
      data: { areasOfOperation: "CA" },
    });
    const url = await serverUrl();
    type Event = { offerChanged: { loadId: string } };
    const all = "subscription { offerChanged { loadId } }";
    const one = `subscription { offerChanged(offerId: "${encodeGlobalID("Offer", earlier._id)}") { loadId } }`;
    const watchers = [
      subscribeOverWs<Event>(url, anywhere.session.token, all),
      subscribeOverWs<Event>(url, outside.session.token, all),
      subscribeOverWs<Event>(url, outsideBidder.session.token, all),
      subscribeOverWs<Event>(url, outside.session.token, one),
    ];
    const [wide, hidden, bidder, hiddenOne] = watchers;
    try {
      await Promise.all(watchers.map((watcher) => watcher.ready));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const later = await openOffer(t.app, admin, (await biddableLoad(t.app)).loadId);
      expect((await bid(t.app, anywhere.session.token, earlier._id, 1400)).status).toBe(201);
      const heard = (watcher: (typeof watchers)[number]) =>
        new Set(watcher.received.map((event) => event.offerChanged.loadId));
      await waitFor(() => heard(wide).size === 2 && heard(bidder).size === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard(wide)).toEqual(new Set([earlier.loadId, later.loadId]));
      expect(heard(bidder)).toEqual(new Set([earlier.loadId]));
      expect(hidden.received).toEqual([]);
      expect(hiddenOne.received).toEqual([]);
      for (const watcher of watchers) expect(watcher.errors).toEqual([]);
    } finally {
      await Promise.all(watchers.map((watcher) => watcher.close()));
    }
  });
});

describe("offer e-mail opt-in", () => {
  it("reads back as a boolean on check-session (the raw user read)", async () => {
    const [carrier] = await bidders(t.app, 1);
    const token = carrier.session.token;
    const before = await rest(t.app, "GET", "/auth/check-session", undefined, { token });
    expect(JSON.stringify(before.body)).toContain('"offerEmails":false');
    await t.app.deps.db.user.update({ where: { id: carrier.user.id }, data: { offerEmails: true } });
    const after = await rest(t.app, "GET", "/auth/check-session", undefined, { token });
    expect(JSON.stringify(after.body)).toContain('"offerEmails":true');
  });
});

describe("winner confirmation and billing", () => {
  it("creates exactly one pending bill for the winning carrier and amount", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [winner, other] = await bidders(t.app, 2);
    const placed = await bid(t.app, winner.session.token, offer._id, 1200);
    await bid(t.app, other.session.token, offer._id, 1300);
    const bidId = (placed.body.bid as { _id: string })._id;
    const path = `/offers/${offer._id}/winner`;
    const token = world.adminSession.token;

    expect((await rest(t.app, "POST", path, { bidId }, { token })).status).toBe(200);
    expect((await rest(t.app, "POST", path, { bidId }, { token })).status).toBe(409);

    const bills = await t.app.deps.db.bill.findMany({ where: { loadId: load.id } });
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({
      status: "pending",
      amountCents: 120_000,
      winnerUserId: winner.user.id,
      sourceKey: `winner:${load.id}`,
    });
  });
});

describe("the bidders' live feed (offerBidChanged, admins)", () => {
  it("refuses carriers, vetted or not, and unknown offers; an operator hears each bid", async () => {
    const [vetted, waiting] = await bidders(t.app, 2);
    await t.app.deps.db.user.update({ where: { id: waiting.user.id }, data: { approvalStatus: "pending" } });
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const url = await serverUrl();
    const feed = (id: string) =>
      `subscription { offerBidChanged(offerId: "${encodeGlobalID("Offer", id)}") { amount status } }`;
    const carriers = [vetted, waiting].map((bidder) =>
      subscribeOverWs(url, bidder.session.token, feed(offer._id)),
    );
    const unknown = subscribeOverWs(url, world.adminSession.token, feed("no-such-offer"));
    const admin = subscribeOverWs<{ offerBidChanged: { amount: number; status: string } }>(
      url,
      world.adminSession.token,
      feed(offer._id),
    );
    try {
      await Promise.all([...carriers, unknown, admin].map((subscription) => subscription.ready));
      await waitFor(() => [...carriers, unknown].every((subscription) => subscription.errors.length > 0));
      expect(JSON.stringify(unknown.errors)).toContain("not found");
      expect(admin.errors).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await bid(t.app, vetted.session.token, offer._id, 1234.5)).status).toBe(201);
      await waitFor(() => admin.received.some((event) => event.offerBidChanged.amount === 1234.5));
      expect(carriers.flatMap((subscription) => subscription.received)).toEqual([]);
    } finally {
      await Promise.all([...carriers, unknown, admin].map((subscription) => subscription.close()));
    }
  });
});
