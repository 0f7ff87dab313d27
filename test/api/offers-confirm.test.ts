import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDueRounds } from "../../server/offers/service.ts";
import { adminAndCarrier, createTestApp, rest, type TestApp } from "../support/app.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { twoInstances } from "../support/two-instances.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

async function wonLoad(hoursAhead: number) {
  const load = await biddableLoad(t.app, hoursAhead);
  const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
  const [winner, other] = await bidders(t.app, 2);
  const placed = await bid(t.app, winner.session.token, offer._id, 1200);
  await bid(t.app, other.session.token, offer._id, 1300);
  const bidId = (placed.body.bid as { _id: string })._id;
  const confirmed = await rest(
    t.app,
    "POST",
    `/offers/${offer._id}/winner`,
    { bidId },
    { token: world.adminSession.token },
  );
  expect(confirmed.status).toBe(200);
  return { load, offer, winner, other };
}

const DETAILS = {
  carrier: "Ramirez Trucking",
  tier: "Gold",
  trackBy: "App",
  dispatcher: "Dana",
  dispatcherEmail: "dana@ramirez.example",
  dispatcherPhone: "(201) 555-0123",
  carrierRate: 12.5,
  truckNumber: "TR-7",
  trailerNumber: "TL-9",
  firstDriverName: "Ray",
  firstDriverPhone: "2015550124",
  secondDriverName: "",
};

describe("confirm details", () => {
  it("lets the winner and admins read and save; others get 404; phones and rate are validated", async () => {
    const { load, winner, other } = await wonLoad(48);
    const path = `/offers/${load.loadId}/confirm-details`;
    const empty = await rest(t.app, "GET", path, undefined, { token: winner.session.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ loadId: load.loadId, editable: true, carrier: null });
    expect((await rest(t.app, "GET", path, undefined, { token: other.session.token })).status).toBe(404);
    expect((await rest(t.app, "PUT", path, DETAILS, { token: other.session.token })).status).toBe(404);

    const saved = await rest(t.app, "PUT", path, DETAILS, { token: winner.session.token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      carrier: "Ramirez Trucking",
      dispatcherPhone: "+12015550123",
      carrierRate: 12.5,
      secondDriverName: null,
    });
    const admin = await rest(t.app, "GET", path, undefined, { token: world.adminSession.token });
    expect(admin.body.truckNumber).toBe("TR-7");

    for (const bad of [
      { dispatcherPhone: "12" },
      { dispatcherEmail: "nope" },
      { carrierRate: 101 },
      { carrierRate: -1 },
    ]) {
      const refused = await rest(t.app, "PUT", path, bad, { token: winner.session.token });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await rest(t.app, "GET", path, undefined, { token: winner.session.token })).body.carrierRate,
    ).toBe(12.5);
  });

  it("is refused by the server within 12 hours of the start", async () => {
    const { load, winner } = await wonLoad(11);
    const path = `/offers/${load.loadId}/confirm-details`;
    const read = await rest(t.app, "GET", path, undefined, { token: winner.session.token });
    expect(read.body.editable).toBe(false);
    const refused = await rest(t.app, "PUT", path, DETAILS, { token: winner.session.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Details can no longer be changed: the load starts in 12 hours or less.",
    );
    expect(await t.app.deps.db.loadConfirmation.count({ where: { loadId: load.id } })).toBe(0);
  });
});

describe("legacy paths", () => {
  it("PATCH /bids/user-bid/{id}/status confirms a winner by the same rules, and refuses other statuses", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a, b] = await bidders(t.app, 2);
    const placed = await bid(t.app, a.session.token, offer._id, 500);
    const other = await bid(t.app, b.session.token, offer._id, 600);
    const bidId = (placed.body.bid as { _id: string })._id;
    const otherId = (other.body.bid as { _id: string })._id;
    const loser = await rest(
      t.app,
      "PATCH",
      `/bids/user-bid/${bidId}/status`,
      { _id: bidId, status: "loser" },
      { token: world.adminSession.token },
    );
    expect(loser.status).toBe(400);
    const stranger = await rest(
      t.app,
      "PATCH",
      `/bids/user-bid/${bidId}/status`,
      { status: "folded" },
      { token: b.session.token },
    );
    expect(stranger.status).toBe(404);
    const carrierWinner = await rest(
      t.app,
      "PATCH",
      `/bids/user-bid/${bidId}/status`,
      { status: "winner" },
      { token: a.session.token },
    );
    expect(carrierWinner.status).toBe(403);
    const winner = await rest(
      t.app,
      "PATCH",
      `/bids/user-bid/${bidId}/status`,
      { _id: bidId, status: "winner" },
      { token: world.adminSession.token },
    );
    expect(winner.status).toBe(200);
    expect(winner.body.status).toBe("winner");
    const again = await rest(
      t.app,
      "PATCH",
      `/bids/user-bid/${otherId}/status`,
      { status: "winner" },
      { token: world.adminSession.token },
    );
    expect(again.status).toBe(409);
  });

  it("POST /bids/{offer}/{user} assigns the load to that user's bid as winner", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a] = await bidders(t.app, 1);
    await bid(t.app, a.session.token, offer._id, 700);
    const mismatch = await rest(
      t.app,
      "POST",
      `/bids/${load.loadId}/${a.user.userId}`,
      { userId: "someone-else" },
      { token: world.adminSession.token },
    );
    expect(mismatch.status).toBe(400);
    const carrier = await rest(
      t.app,
      "POST",
      `/bids/${load.loadId}/${a.user.userId}`,
      {},
      { token: a.session.token },
    );
    expect(carrier.status).toBe(403);
    const assigned = await rest(
      t.app,
      "POST",
      `/bids/${load.loadId}/${a.user.userId}`,
      { userId: a.user.id, user_id: a.user.userId },
      { token: world.adminSession.token },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ loadId: load.loadId, winnerUserId: a.user.id, amountCents: 70000 });
    expect((await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } })).assignedUserId).toBe(
      a.user.id,
    );
  });

  it("PATCH /offers/{id}/status cancels and tells the bidders; a closed offer does not reopen", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [a] = await bidders(t.app, 1);
    await bid(t.app, a.session.token, offer._id, 800);
    const bad = await rest(
      t.app,
      "PATCH",
      `/offers/${offer._id}/status`,
      { status: "paused" },
      { token: world.adminSession.token },
    );
    expect(bad.status).toBe(400);
    const carrier = await rest(
      t.app,
      "PATCH",
      `/offers/${offer._id}/status`,
      { status: "cancelled" },
      { token: a.session.token },
    );
    expect(carrier.status).toBe(403);
    const cancelled = await rest(
      t.app,
      "PATCH",
      `/offers/${offer._id}/status`,
      { status: "cancelled" },
      { token: world.adminSession.token },
    );
    expect(cancelled.body.status).toBe("cancelled");
    expect(
      await t.app.deps.db.notification.count({
        where: { userId: a.user.id, title: `Offer cancelled: ${load.loadId}` },
      }),
    ).toBe(1);
    const reopen = await rest(
      t.app,
      "PATCH",
      `/offers/${offer._id}/status`,
      { status: "active" },
      { token: world.adminSession.token },
    );
    expect(reopen.status).toBe(409);
    // The load may go out again as a new offer.
    expect(
      (await rest(t.app, "POST", "/offers", { loadId: load.loadId }, { token: world.adminSession.token }))
        .status,
    ).toBe(201);
    const history = await rest<Record<string, unknown>[]>(t.app, "GET", "/offers/history-logs", undefined, {
      token: world.adminSession.token,
    });
    expect(history.body.some((item) => item._id === offer._id)).toBe(true);
    expect(history.headers.get("x-total-count")).toBeTruthy();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("two instances on one database and Redis", () => {
  const instances = twoInstances(redisUrl);

  it("pushes a bid made on one instance to a watcher on the other, and announces a round close once", async () => {
    const people = await adminAndCarrier(instances.first.app);
    const load = await biddableLoad(instances.first.app);
    const offer = await openOffer(instances.first.app, people.adminSession.token, load.loadId);
    const [a] = await bidders(instances.first.app, 1);
    const url = await instances.second.start(0);
    const id = Buffer.from(`Offer:${offer._id}`).toString("base64");
    const watcher = subscribeOverWs<{ offerChanged: { bestOffer: number | null; roundEnds: string } }>(
      url,
      people.adminSession.token,
      `subscription { offerChanged(offerId: "${id}") { bestOffer roundEnds } }`,
    );
    try {
      await watcher.ready;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await bid(instances.first.app, a.session.token, offer._id, 654.32);
      await waitFor(() => watcher.received.some((event) => event.offerChanged.bestOffer === 654.32));
      await instances.first.app.deps.db.offer.update({
        where: { id: offer._id },
        data: { roundEndsAt: new Date(Date.now() - 1) },
      });
      const [one, two] = await Promise.all([
        closeDueRounds(instances.first.app.deps),
        closeDueRounds(instances.second.deps),
      ]);
      expect([...one, ...two].filter((closed) => closed === offer._id)).toHaveLength(1);
      await waitFor(() => watcher.received.some((event) => event.offerChanged.roundEnds === "Time's up"));
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(watcher.received.filter((event) => event.offerChanged.roundEnds === "Time's up")).toHaveLength(
        1,
      );
    } finally {
      await watcher.close();
    }
  });
});
