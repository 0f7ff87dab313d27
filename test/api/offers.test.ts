import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roadMiles } from "../../common/geo.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { foldBidWork } from "../../server/offers/bids/store.ts";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { outboxMails } from "../support/outbox.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

describe("starting bidding", () => {
  it("copies the load, sets the server's close time and refuses a second open offer", async () => {
    const load = await biddableLoad(t.app);
    const before = Date.now();
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId, {
      roundMinutes: 45,
      targetRate: 1800.5,
      equipmentType: "Refrigerated",
    });
    expect(offer).toMatchObject({
      loadId: load.loadId,
      stops: 1,
      originCity: "Chicago",
      originState: "IL",
      destinationCity: "Dallas",
      destinationState: "TX",
      equipmentType: "Refrigerated",
      bestOffer: null,
      roundEnds: 45,
      roundNumber: 1,
      status: "active",
      targetRate: 1800.5,
      startDateTime: load.pickupDate?.toISOString(),
    });
    const closes = new Date(offer.roundEndsAt as string).getTime();
    expect(closes).toBeGreaterThanOrEqual(before + 45 * 60_000);
    expect(closes).toBeLessThanOrEqual(Date.now() + 45 * 60_000);
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(offer.distance).toBeGreaterThan(roadMiles({ lat: 41.8745, lng: -87.6417 }, dallas) * 0.95);
    expect(offer.distance).toBeLessThan(roadMiles({ lat: 41.8745, lng: -87.6417 }, dallas) * 1.05);

    const again = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId },
      { token: world.adminSession.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This load already has an open offer.");
  });

  it("refuses to put a covered, delivered or cancelled load out for bids again (409), changing nothing", async () => {
    const admin = { token: world.adminSession.token };
    const covered = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin.token, covered.loadId);
    const [winner] = await bidders(t.app, 1);
    const placed = await bid(t.app, winner.session.token, offer._id, 1200);
    const bidId = (placed.body.bid as { _id: string })._id;
    expect((await rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId }, admin)).status).toBe(200);
    await t.app.deps.db.offer.update({ where: { id: offer._id }, data: { status: "finished" } });
    const delivered = await biddableLoad(t.app);
    await t.app.deps.db.load.update({ where: { id: delivered.id }, data: { status: "delivered" } });
    const cancelled = await biddableLoad(t.app);
    await t.app.deps.db.load.update({ where: { id: cancelled.id }, data: { status: "cancelled" } });
    const before = await t.app.deps.db.offer.count();
    for (const [load, message] of [
      [covered, OFFER_MESSAGES.loadCovered],
      [delivered, OFFER_MESSAGES.loadDelivered],
      [cancelled, OFFER_MESSAGES.loadCancelled],
    ] as const) {
      const again = await rest(t.app, "POST", "/offers", { loadId: load.loadId }, admin);
      expect([again.status, again.body.message]).toEqual([409, message]);
    }
    expect(await t.app.deps.db.offer.count()).toBe(before);
  });

  it("refuses carriers, unknown loads and bad round lengths", async () => {
    const load = await biddableLoad(t.app);
    const carrier = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId },
      { token: world.carrierSession.token },
    );
    expect(carrier.status).toBe(403);
    const unknown = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: "NOPE" },
      { token: world.adminSession.token },
    );
    expect(unknown.status).toBe(400);
    const zero = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId, roundMinutes: 0 },
      { token: world.adminSession.token },
    );
    expect(zero.status).toBe(400);
    const equipment = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId, equipmentType: "Boat" },
      { token: world.adminSession.token },
    );
    expect(equipment.status).toBe(400);
    expect(await t.app.deps.db.offer.count({ where: { loadId: load.id } })).toBe(0);
  });

  it("notifies eligible carriers in one fan-out: no areas, or areas naming origin or destination", async () => {
    const [anywhere, texas, florida] = await bidders(t.app, 3, [null, "Dallas area; Texas", "FL, GA"]);
    const load = await biddableLoad(t.app);
    await openOffer(t.app, world.adminSession.token, load.loadId);
    const notified = async (userId: string) =>
      t.app.deps.db.notification.count({ where: { userId, title: `New load available: ${load.loadId}` } });
    expect(await notified(anywhere.user.id)).toBe(1);
    expect(await notified(texas.user.id)).toBe(1);
    expect(await notified(florida.user.id)).toBe(0);
    expect(await notified(world.admin.id)).toBe(0);
    const bell = await rest<Record<string, unknown>[]>(t.app, "GET", "/notifications/user", undefined, {
      token: texas.session.token,
    });
    expect(bell.body.some((item) => item.title === `New load available: ${load.loadId}`)).toBe(true);
    // The Florida carrier neither sees the offer nor may bid on it.
    const list = await rest<Record<string, unknown>[]>(t.app, "GET", "/offers/active-offers", undefined, {
      token: florida.session.token,
    });
    expect(list.body.some((item) => item.loadId === load.loadId)).toBe(false);
  });
});

describe("offer e-mails", () => {
  it("e-mails eligible carriers who opted in on My Account, and only them", async () => {
    const [optedIn, quiet, elsewhere] = await bidders(t.app, 3, [null, null, "WA"]);
    const saved = await rest(
      t.app,
      "POST",
      `/user/${optedIn.user.id}`,
      { offerEmails: true },
      { token: optedIn.session.token },
    );
    expect(saved.status).toBe(200);
    await t.app.deps.db.user.update({ where: { id: elsewhere.user.id }, data: { offerEmails: true } });
    const load = await biddableLoad(t.app);
    await openOffer(t.app, world.adminSession.token, load.loadId);
    const mails = (await outboxMails(t)).filter((text) => text.includes(load.loadId));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain(optedIn.user.email);
    expect(mail).not.toContain(quiet.user.email);
    expect(mail).not.toContain(elsewhere.user.email);
  });
});

describe("bids", () => {
  it("creates, improves and keeps the best offer at the lowest active bid", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a, b] = await bidders(t.app, 2);
    const first = await bid(t.app, a.session.token, offer._id, 2000);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Puja creada exitosamente.");
    const second = await bid(t.app, b.session.token, offer._id, "1900.50");
    expect(second.body.message).toBe("Puja creada exitosamente.");
    const improved = await bid(t.app, a.session.token, offer._id, 1850.25);
    expect(improved.status).toBe(200);
    expect(improved.body.message).toBe("Puja actualizada exitosamente.");
    const [listed] = (
      await rest<Record<string, unknown>[]>(t.app, "GET", `/offers/active-offers/${load.loadId}`, undefined, {
        token: a.session.token,
      })
    ).body;
    expect(listed.bestOffer).toBe(1850.25);
    expect((listed.myBid as Record<string, unknown>).amount).toBe(1850.25);
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(2);

    const best = await rest(t.app, "GET", `/bids/winner-bids?id=${offer._id}`, undefined, {
      token: b.session.token,
    });
    expect(best.body.amount).toBe(1850.25);
    const mine = await rest(t.app, "GET", `/bids/user-amount-bid/${offer._id}`, undefined, {
      token: b.session.token,
    });
    expect(mine.body.amount).toBe(1900.5);

    // Folding takes the bid out of the best offer and tells the carrier.
    const fold = await rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, { token: a.session.token });
    expect(fold.body.status).toBe("folded");
    const after = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    expect(after.bestBidCents).toBe(190050);
    expect(
      await t.app.deps.db.notification.count({ where: { userId: a.user.id, bidStatus: "folded" } }),
    ).toBe(1);
  });

  it("folds a bid and stores its notification in one transaction: a failed notification folds nothing", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [carrier] = await bidders(t.app, 1);
    expect((await bid(t.app, carrier.session.token, offer._id, 1500)).status).toBe(201);
    const failed = t.app.deps.writer.transaction((db) =>
      foldBidWork(db, offer._id, carrier.user.id, () => {
        throw new Error("the notification could not be written");
      }),
    );
    await expect(failed).rejects.toThrow("the notification could not be written");
    const kept = await t.app.deps.db.bid.findFirstOrThrow({ where: { offerId: offer._id } });
    expect(kept.status).toBe("active");
    expect((await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).bestBidCents).toBe(
      150000,
    );

    const fold = await rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, {
      token: carrier.session.token,
    });
    expect(fold.body.status).toBe("folded");
    expect(
      await t.app.deps.db.notification.count({ where: { userId: carrier.user.id, bidStatus: "folded" } }),
    ).toBe(1);
    expect(
      (await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).bestBidCents,
    ).toBeNull();
  });

  it("shows a competitor the best bid's amount on winner-bids, never who placed it", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [leader, competitor] = await bidders(t.app, 2);
    expect((await bid(t.app, leader.session.token, offer._id, 1700)).status).toBe(201);
    expect((await bid(t.app, competitor.session.token, offer._id, 1800)).status).toBe(201);
    const leaderBid = await t.app.deps.db.bid.findFirstOrThrow({
      where: { offerId: offer._id, userId: leader.user.id },
    });
    const path = `/bids/winner-bids?id=${offer._id}`;

    const seen = await rest(t.app, "GET", path, undefined, { token: competitor.session.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ offerId: offer._id, amount: 1700, status: "active" });
    // Nothing that names the leader: not its ids, name, company, e-mail or bid id.
    const text = JSON.stringify(seen.body);
    const { id, userId, email, fullName } = leader.user;
    for (const secret of [id, userId, email, fullName ?? email, leaderBid.id]) {
      expect(text).not.toContain(secret);
    }
    expect(seen.body).toMatchObject({
      _id: null,
      user: null,
      userId: null,
      userName: null,
      companyName: null,
    });

    // The leader itself and an admin see the whole bid.
    for (const token of [leader.session.token, world.adminSession.token]) {
      const whole = await rest(t.app, "GET", path, undefined, { token });
      expect(whole.body).toMatchObject({ _id: leaderBid.id, userId: leader.user.id, amount: 1700 });
    }
  });

  it("answers a carrier's record only to itself and admins; another user's reads as unknown", async () => {
    const [one, another] = await bidders(t.app, 2);
    const path = (id: string) => `/bids/user-wins-losses/${id}`;
    expect(
      (await rest(t.app, "GET", path(one.user.id), undefined, { token: one.session.token })).status,
    ).toBe(200);
    expect(
      (await rest(t.app, "GET", path(one.user.id), undefined, { token: world.adminSession.token })).status,
    ).toBe(200);
    const unknown = await rest(t.app, "GET", path("no-such-user"), undefined, {
      token: another.session.token,
    });
    const foreign = await rest(t.app, "GET", path(one.user.id), undefined, { token: another.session.token });
    expect(unknown).toMatchObject({ status: 404, body: { message: "User not found" } });
    expect(foreign.status).toBe(unknown.status);
    expect(foreign.body).toEqual(unknown.body);
  });

  it("answers bad amounts with the spec's message and changes nothing", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a] = await bidders(t.app, 1);
    for (const amount of [0, -5, "abc", 10.125, "10.125", null, "", Number.NaN]) {
      const result = await bid(t.app, a.session.token, offer._id, amount);
      expect(result.status, String(amount)).toBe(400);
      expect(result.body.message).toBe("Please enter a valid bid.");
    }
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(0);
    const admin = await bid(t.app, world.adminSession.token, offer._id, 100);
    expect(admin.status).toBe(403);
    const unknown = await bid(t.app, a.session.token, "nope", 100);
    expect(unknown.status).toBe(404);
    const anonymous = await rest(t.app, "POST", "/bids/createBid", { offerId: offer._id, amount: 100 });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a bid after the round's close, whatever the client says", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a] = await bidders(t.app, 1);
    await t.app.deps.db.offer.update({
      where: { id: offer._id },
      data: { roundEndsAt: new Date(Date.now() - 1000) },
    });
    const late = await bid(t.app, a.session.token, offer._id, 1000);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This round has closed: bids are no longer accepted.");
    const [listed] = (
      await rest<Record<string, unknown>[]>(t.app, "GET", `/offers/active-offers/${load.loadId}`, undefined, {
        token: world.adminSession.token,
      })
    ).body;
    expect(listed.roundEnds).toBe("Time's up");
    // A new round reopens it; the bids carry over.
    const next = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/rounds`,
      { roundMinutes: 10 },
      { token: world.adminSession.token },
    );
    expect(next.status).toBe(201);
    expect(next.body).toMatchObject({ roundNumber: 2, roundEnds: 10 });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "offer.nextRound", entityId: offer._id },
    });
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({ roundNumber: 2, roundMinutes: 10 });
    expect((await bid(t.app, a.session.token, offer._id, 1000)).status).toBe(201);
    const running = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/rounds`,
      {},
      { token: world.adminSession.token },
    );
    expect(running.status).toBe(409);
  });
});

describe("winner", () => {
  it("confirms one winner atomically: bids, offer, load, notifications; a second confirmation is 409", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a, b, c] = await bidders(t.app, 3);
    const winning = await bid(t.app, a.session.token, offer._id, 1500);
    await bid(t.app, b.session.token, offer._id, 1600);
    await bid(t.app, c.session.token, offer._id, 1700);
    const bidId = (winning.body.bid as { _id: string })._id;

    const carrierTry = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId },
      { token: b.session.token },
    );
    expect(carrierTry.status).toBe(403);

    const confirmed = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId },
      { token: world.adminSession.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.offer).toMatchObject({ status: "finished" });
    const bids = await t.app.deps.db.bid.findMany({ where: { offerId: offer._id } });
    expect(bids.find((row) => row.id === bidId)?.status).toBe("winner");
    expect(bids.filter((row) => row.status === "loser")).toHaveLength(2);
    const assigned = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } });
    expect(assigned.assignedUserId).toBe(a.user.id);

    const bell = await rest<Record<string, unknown>[]>(t.app, "GET", "/notifications/user", undefined, {
      token: a.session.token,
    });
    const won = bell.body.find((item) => item.bidStatus === "winner");
    expect(won).toMatchObject({
      title: "Congratulations! Your Bid Was Accepted",
      loadId: load.loadId,
      originCity: "Chicago",
      originState: "IL",
      destinationCity: "Dallas",
      destinationState: "TX",
      equipmentType: "Dry Van",
      bidAmount: 1500,
      // The one USD form of every screen and message (common/money.ts), not "$1500.00".
      message: `Your bid of $1,500.00 on load ${load.loadId} was accepted. Please confirm the truck and driver details.`,
      acceptedBy: expect.any(String),
      startDateTime: load.pickupDate?.toISOString(),
    });
    expect(await t.app.deps.db.notification.count({ where: { userId: b.user.id, bidStatus: "loser" } })).toBe(
      1,
    );

    const second = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId: bids.find((row) => row.userId === b.user.id)?.id },
      { token: world.adminSession.token },
    );
    expect(second.status).toBe(409);
    expect((await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } })).assignedUserId).toBe(
      a.user.id,
    );
    const late = await bid(t.app, b.session.token, offer._id, 10);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This offer is no longer open for bidding.");

    // Bidders list: stats per bidder.
    const list = await rest<Record<string, unknown>[]>(
      t.app,
      "GET",
      `/bids/users-bid/${offer._id}`,
      undefined,
      {
        token: world.adminSession.token,
      },
    );
    expect(list.body[0]).toMatchObject({ status: "winner", wins: 1, losses: 0, rating: 5 });
    const forbidden = await rest(t.app, "GET", `/bids/users-bid/${offer._id}`, undefined, {
      token: a.session.token,
    });
    expect(forbidden.status).toBe(403);
    const record = await rest(t.app, "GET", `/bids/user-wins-losses/${b.user.id}`, undefined, {
      token: b.session.token,
    });
    expect(record.body).toMatchObject({ wins: 0, losses: 1, rating: 0 });
  });

  it("refuses another offer's bid id and a folded bid, changing nothing", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const other = await openOffer(t.app, world.adminSession.token, (await biddableLoad(t.app)).loadId);
    const [a] = await bidders(t.app, 1);
    const foreign = await bid(t.app, a.session.token, other._id, 900);
    const wrong = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId: (foreign.body.bid as { _id: string })._id },
      { token: world.adminSession.token },
    );
    expect(wrong.status).toBe(400);
    expect((await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).status).toBe("active");
  });
});
