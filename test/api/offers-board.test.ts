import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOARD_MESSAGES } from "../../common/offer-board.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";

/**
 * The carrier's board (issue 29): an offer whose round is over leaves a carrier's Active Offers
 * (operators keep it); the rank hint on the carrier's own bid; "within N miles of a city" and
 * equipment filters, through GraphQL and REST.
 */
let t: TestApp;
let admin: string;
let carriers: Bidder[];
let chicago: { loadId: string; offerId: string };
let denver: { loadId: string; offerId: string };

const ACTIVE = `query ($filter: OfferFilter) { activeOffers(filter: $filter, pageSize: 50) {
  totalCount edges { node { loadId bestOffer myBidRank myBid { amount status } } } } }`;

interface ActiveAnswer {
  activeOffers: {
    totalCount: number;
    edges: { node: { loadId: string; bestOffer: number | null; myBidRank: string | null } }[];
  };
}

const active = async (token: string, filter: Record<string, unknown> = {}) => {
  const answer = await gql<ActiveAnswer>(t.app, ACTIVE, { filter }, { token });
  expect(answer.errors).toBeUndefined();
  return answer.data!.activeOffers.edges.map((edge) => edge.node);
};

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession.token;
  carriers = await bidders(t.app, 3);
  const chicagoLoad = await biddableLoad(t.app);
  chicago = { loadId: chicagoLoad.loadId, offerId: (await openOffer(t.app, admin, chicagoLoad.loadId))._id };
  // A Denver pickup, a flatbed.
  const den = await t.app.deps.db.nassCode.create({
    data: { code: "BOARD-DEN", city: "Denver", state: "CO", latitude: 39.7526, longitude: -104.9997 },
  });
  const denverLoad = await t.app.deps.db.load.create({
    data: {
      loadId: "BOARD-DEN-1",
      customer: "USPS",
      pickupDate: new Date(Date.now() + 48 * 3_600_000),
      stops: { create: [{ sequence: 1, type: "pickup", nassCodeId: den.id }] },
    },
  });
  denver = {
    loadId: denverLoad.loadId,
    offerId: (await openOffer(t.app, admin, denverLoad.loadId, { equipmentType: "Flatbed" }))._id,
  };
});
afterAll(() => t.close());

describe("the rank hint", () => {
  it("tells each carrier whether its own bid is the lowest, never the others' amounts", async () => {
    const [ana, ben, cy] = carriers;
    expect((await bid(t.app, ana.session.token, chicago.offerId, 1500)).status).toBe(201);
    expect((await bid(t.app, ben.session.token, chicago.offerId, 1600)).status).toBe(201);
    const rankOf = async (who: Bidder) =>
      (await active(who.session.token)).find((offer) => offer.loadId === chicago.loadId)?.myBidRank;
    expect(await rankOf(ana)).toBe("lowest");
    expect(await rankOf(ben)).toBe("not_lowest");
    expect(await rankOf(cy)).toBeNull();

    // Ben goes lower: the hints swap.
    expect((await bid(t.app, ben.session.token, chicago.offerId, 1400)).status).toBe(200);
    expect(await rankOf(ana)).toBe("not_lowest");
    expect(await rankOf(ben)).toBe("lowest");
    // An equal lowest bid counts as the lowest.
    expect((await bid(t.app, cy.session.token, chicago.offerId, 1400)).status).toBe(201);
    expect(await rankOf(cy)).toBe("lowest");

    // A folded bid has no rank; the operator's view has none either.
    const folded = await gql<{ foldBid: { __typename: string } }>(
      t.app,
      "mutation ($input: FoldBidInput!) { foldBid(input: $input) { __typename } }",
      { input: { offerId: Buffer.from(`Offer:${chicago.offerId}`).toString("base64") } },
      { token: cy.session.token },
    );
    expect(folded.data?.foldBid.__typename).toBe("MutationFoldBidSuccess");
    expect(await rankOf(cy)).toBeNull();
    expect((await active(admin)).find((offer) => offer.loadId === chicago.loadId)?.myBidRank).toBeNull();
  });
});

describe("the board's filters", () => {
  it("finds offers picking up within N miles of a city picked from the list, and by equipment", async () => {
    const token = carriers[2].session.token;
    const cities = await gql<{ boardCities: { city: string; state: string }[] }>(
      t.app,
      'query { boardCities(search: "chi") { city state } }',
      {},
      { token },
    );
    expect(cities.data?.boardCities).toEqual([{ city: "Chicago", state: "IL" }]);

    const ids = (offers: { loadId: string }[]) => offers.map((offer) => offer.loadId).sort();
    expect(ids(await active(token, { near: { city: "Chicago", state: "IL", miles: 50 } }))).toEqual([
      chicago.loadId,
    ]);
    // Denver to Chicago is about 920 miles: 500 miles of Denver holds only Denver.
    expect(ids(await active(token, { near: { city: "Denver", state: "co", miles: 500 } }))).toEqual([
      denver.loadId,
    ]);
    expect(ids(await active(token, { equipmentType: "FLATBED" }))).toEqual([denver.loadId]);
    expect(
      ids(
        await active(token, { equipmentType: "FLATBED", near: { city: "Chicago", state: "IL", miles: 500 } }),
      ),
    ).toEqual([]);

    const unknown = await gql(
      t.app,
      ACTIVE,
      { filter: { near: { city: "Atlantis", state: "IL", miles: 50 } } },
      { token },
    );
    expect(unknown.errors?.[0]?.message).toBe(BOARD_MESSAGES.unknownCity);
    const far = await gql(
      t.app,
      ACTIVE,
      { filter: { near: { city: "Chicago", state: "IL", miles: 501 } } },
      { token },
    );
    expect(far.errors?.[0]?.message).toBe(BOARD_MESSAGES.milesRange);

    const restList = await rest<{ items?: { loadId: string }[]; data?: { loadId: string }[] }>(
      t.app,
      "GET",
      `/offers/active-offers?near=${encodeURIComponent("Denver, CO")}&withinMiles=100`,
      undefined,
      { token },
    );
    expect(restList.status).toBe(200);
    expect(JSON.stringify(restList.body)).toContain(denver.loadId);
    expect(JSON.stringify(restList.body)).not.toContain(chicago.loadId);
    const badNear = await rest(t.app, "GET", "/offers/active-offers?near=Chicago", undefined, { token });
    expect(badNear.status).toBe(400);
    expect(badNear.body).toMatchObject({ errors: [{ field: "near", message: BOARD_MESSAGES.cityFormat }] });
    const badMiles = await rest(
      t.app,
      "GET",
      "/offers/active-offers?near=Chicago,%20IL&withinMiles=0",
      undefined,
      { token },
    );
    expect(badMiles.status).toBe(400);
  });
});

describe("a round that is over", () => {
  it("leaves the carrier's Active Offers and stays on the operator's", async () => {
    const token = carriers[0].session.token;
    expect((await active(token)).map((offer) => offer.loadId)).toContain(chicago.loadId);
    await t.app.deps.db.offer.update({
      where: { id: chicago.offerId },
      data: { roundEndsAt: new Date(Date.now() - 1000) },
    });
    expect((await active(token)).map((offer) => offer.loadId)).not.toContain(chicago.loadId);
    const restList = await rest(t.app, "GET", "/offers/active-offers", undefined, { token });
    expect(JSON.stringify(restList.body)).not.toContain(chicago.loadId);
    expect((await active(admin)).map((offer) => offer.loadId)).toContain(chicago.loadId);

    // Another round brings it back.
    const next = await rest(
      t.app,
      "POST",
      `/offers/${chicago.offerId}/rounds`,
      { roundMinutes: 30 },
      { token: admin },
    );
    expect(next.status, JSON.stringify(next.body)).toBeLessThan(300);
    expect((await active(token)).map((offer) => offer.loadId)).toContain(chicago.loadId);
  });
});
