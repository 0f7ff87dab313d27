import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let pool: Bidder[];
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  pool = await bidders(t.app, 2);
});
afterAll(() => t.close());

type Offer = { bestOffer: number | null; targetRate?: number | null; myBid?: { amount: number } | null };

/**
 * Subscribers whose answers may be shared (same document, same role) must still each get exactly
 * what their own execution gives: an admin's fields never reach a carrier, nor one carrier's bid
 * another carrier.
 */
describe("offerChanged: every watcher of one offer gets its own view", () => {
  it("two carriers and an admin, with a role-only document and a viewer-specific one", async () => {
    const url = await t.app.start(0);
    const offer = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId, {
      targetRate: 1500,
    });
    const id = Buffer.from(`Offer:${offer._id}`).toString("base64");
    const ROLE_ONLY = `subscription { offerChanged(offerId: "${id}") { bestOffer targetRate } }`;
    const OWN = `subscription { offerChanged(offerId: "${id}") { bestOffer myBid { amount } } }`;
    const [carrierA, carrierB] = pool.map((bidder) => bidder.session.token);
    const watchers = [carrierA, carrierB, world.adminSession.token].flatMap((token) =>
      [ROLE_ONLY, OWN].map((query) => subscribeOverWs<{ offerChanged: Offer }>(url, token, query)),
    );
    const [aRoleOnly, aOwn, bRoleOnly, bOwn, adminRoleOnly, adminOwn] = watchers;
    try {
      await Promise.all(watchers.map((watcher) => watcher.ready));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await bid(t.app, carrierA, offer._id, 1200);
      await waitFor(() => watchers.every((watcher) => watcher.received.length + watcher.errors.length >= 1));
      await bid(t.app, carrierB, offer._id, 1100);
      const last = (watcher: (typeof watchers)[number]) => watcher.received.at(-1)?.offerChanged;
      await waitFor(() => watchers.every((watcher) => last(watcher)?.bestOffer === 1100));

      expect(last(adminRoleOnly)).toEqual({ bestOffer: 1100, targetRate: 1500 });
      expect(adminRoleOnly.errors).toEqual([]);
      for (const carrier of [aRoleOnly, bRoleOnly]) {
        expect(last(carrier)).toEqual({ bestOffer: 1100, targetRate: null });
        expect(carrier.errors).toHaveLength(2); // one refusal of targetRate per event
      }
      expect(last(aOwn)).toEqual({ bestOffer: 1100, myBid: { amount: 1200 } });
      expect(last(bOwn)).toEqual({ bestOffer: 1100, myBid: { amount: 1100 } });
      expect(last(adminOwn)).toEqual({ bestOffer: 1100, myBid: null });
      // Carrier B had no bid when carrier A's arrived: its first answer shows none, A's shows A's.
      expect(bOwn.received[0].offerChanged.myBid).toBeNull();
      expect(aOwn.received[0].offerChanged.myBid).toEqual({ amount: 1200 });
    } finally {
      await Promise.all(watchers.map((watcher) => watcher.close()));
    }
  });
});
