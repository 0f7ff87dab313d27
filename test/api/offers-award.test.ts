import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AWARD_MESSAGES } from "../../common/award.ts";
import { BID_MESSAGES } from "../../common/offers.ts";
import type { App } from "../../server/app.ts";
import { decideDueAutoAwards } from "../../server/offers/award.ts";
import { expireDueWaterfallTurns } from "../../server/offers/waterfall-turns.ts";
import { bidderScorecards } from "../../server/scorecards/service.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { type Bidder, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { writeHistory } from "../support/scorecards.ts";
import { twoInstances } from "../support/two-instances.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

/**
 * Award rules (network issue, "Auto-award and waterfall"): auto-award at round close under a
 * ceiling, else another round or the operators told; a waterfall offering the load to one carrier
 * at a time before opening to all. Decided by the round clock's sweep, once.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const admin = () => world.adminSession.token;
const past = () => new Date(Date.now() - 1000);

/** The round closes now: the offer's round end and the rule's due time move into the past. */
async function closeRound(app: App, offerId: string) {
  await app.deps.db.offer.update({ where: { id: offerId }, data: { roundEndsAt: past() } });
  await app.deps.db.offerAwardRule.update({ where: { offerId }, data: { decideAt: past() } });
}

/** The running waterfall turn's time ran out. */
async function endTurn(app: App, offerId: string) {
  await app.deps.db.offerAwardRule.update({ where: { offerId }, data: { turnEndsAt: past() } });
}

async function autoOffer(app: App, token: string, rules: Record<string, unknown>) {
  const load = await biddableLoad(app);
  const offer = await openOffer(app, token, load.loadId, { awardRules: { mode: "auto", ...rules } });
  return { load, offer };
}

const sees = async (app: App, token: string, loadId: string) =>
  (await rest(app, "GET", `/offers/active-offers/${loadId}`, undefined, { token })).status === 200;

/** Five delivered loads, all on time: the bidder (no company) scores Gold. */
async function makeGold(app: App, userId: string) {
  await writeHistory(
    app,
    { userId, carrierId: null },
    {
      loads: Array.from({ length: 5 }, () => ({ pickupLateMinutes: 0, deliveryLateMinutes: 0 })),
    },
  );
  const [card] = await bidderScorecards(app.deps, [userId]);
  expect(card?.tier).toBe("Gold");
}

describe("auto-award", () => {
  it("awards the best bid at or under the ceiling at round close, once, ties to the earliest bid", async () => {
    const { load, offer } = await autoOffer(t.app, admin(), { ceiling: 1500, maxRounds: 2 });
    const [early, late, high] = await bidders(t.app, 3);
    expect((await bid(t.app, early.session.token, offer._id, 1200)).status).toBe(201);
    expect((await bid(t.app, late.session.token, offer._id, 1200)).status).toBe(201);
    expect((await bid(t.app, high.session.token, offer._id, 1400)).status).toBe(201);
    const rules = await rest(t.app, "GET", `/offers/${load.loadId}/award-rules`, undefined, {
      token: admin(),
    });
    expect(rules.body).toMatchObject({ mode: "auto", ceiling: 1500, maxRounds: 2, waterfall: null });

    // Not due yet: nothing decided.
    expect(await decideDueAutoAwards(t.app.deps)).not.toContain(offer._id);
    await closeRound(t.app, offer._id);
    const [one, two] = await Promise.all([decideDueAutoAwards(t.app.deps), decideDueAutoAwards(t.app.deps)]);
    expect([...one, ...two].filter((id) => id === offer._id)).toHaveLength(1);

    const db = t.app.deps.db;
    const stored = await db.offer.findUniqueOrThrow({
      where: { id: offer._id },
      include: { winnerBid: true },
    });
    expect(stored.status).toBe("finished");
    expect([stored.winnerBid?.userId, stored.winnerBid?.amountCents]).toEqual([early.user.id, 120_000]);
    const tenders = await db.tender.findMany({ where: { offerId: offer._id } });
    expect(tenders.map((row) => [row.userId, row.status])).toEqual([[early.user.id, "pending"]]);
    expect(
      await db.notification.count({
        where: { userId: world.admin.id, title: `Auto-awarded: ${load.loadId}` },
      }),
    ).toBe(1);
    expect(await db.auditLog.count({ where: { entityId: offer._id, action: "offer.autoAward" } })).toBe(1);
    // A later sweep finds nothing more to do.
    expect(await decideDueAutoAwards(t.app.deps)).not.toContain(offer._id);
  });

  it("breaks a tie by the bidders' tier: a Gold bidder's equal bid beats an earlier New bidder's", async () => {
    const { offer } = await autoOffer(t.app, admin(), { ceiling: 1500 });
    const [newcomer, veteran] = await bidders(t.app, 2);
    await makeGold(t.app, veteran.user.id);
    expect((await bid(t.app, newcomer.session.token, offer._id, 1200)).status).toBe(201);
    expect((await bid(t.app, veteran.session.token, offer._id, 1200)).status).toBe(201);
    await closeRound(t.app, offer._id);
    expect(await decideDueAutoAwards(t.app.deps)).toContain(offer._id);
    const stored = await t.app.deps.db.offer.findUniqueOrThrow({
      where: { id: offer._id },
      include: { winnerBid: true },
    });
    expect([stored.status, stored.winnerBid?.userId]).toEqual(["finished", veteran.user.id]);
  });

  it("over the ceiling starts another round (bids carry over), and after max rounds tells the operators", async () => {
    const { load, offer } = await autoOffer(t.app, admin(), { ceiling: 1000, maxRounds: 2 });
    const [carrier] = await bidders(t.app, 1);
    await bid(t.app, carrier.session.token, offer._id, 1200);
    await closeRound(t.app, offer._id);
    expect(await decideDueAutoAwards(t.app.deps)).toContain(offer._id);
    const db = t.app.deps.db;
    const second = await db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    expect([second.status, second.roundNumber, second.winnerBidId]).toEqual(["active", 2, null]);
    expect(second.roundEndsAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(
      await db.notification.count({ where: { userId: carrier.user.id, title: `New round: ${load.loadId}` } }),
    ).toBe(1);
    // Never telling the carrier the ceiling.
    const told = await db.notification.findFirstOrThrow({
      where: { userId: carrier.user.id, title: `New round: ${load.loadId}` },
    });
    expect(told.message).not.toContain("1,000");

    await closeRound(t.app, offer._id);
    expect(await decideDueAutoAwards(t.app.deps)).toContain(offer._id);
    const third = await db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    expect([third.status, third.roundNumber, third.winnerBidId]).toEqual(["active", 2, null]);
    const notice = await db.notification.findFirstOrThrow({
      where: { userId: world.admin.id, title: `Auto-award needs you: ${load.loadId}` },
    });
    expect(notice.message).toContain("$1,200.00");
    expect(await decideDueAutoAwards(t.app.deps)).not.toContain(offer._id);
    // The operator still decides by hand.
    const bidRow = await db.bid.findFirstOrThrow({ where: { offerId: offer._id } });
    const confirmed = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId: bidRow.id },
      { token: admin() },
    );
    expect(confirmed.status).toBe(200);
  });

  it("with no bid at all and one round, tells the operators", async () => {
    const { load, offer } = await autoOffer(t.app, admin(), { ceiling: 900 });
    await closeRound(t.app, offer._id);
    expect(await decideDueAutoAwards(t.app.deps)).toContain(offer._id);
    const notice = await t.app.deps.db.notification.findFirstOrThrow({
      where: { userId: world.admin.id, title: `Auto-award needs you: ${load.loadId}` },
    });
    expect(notice.message).toContain("no bid came in under");
  });

  it("sets and clears auto-award on a running offer with PUT, and refuses bad rules with 400, nothing written", async () => {
    const load = await biddableLoad(t.app);
    const noCeiling = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId, awardRules: { mode: "auto" } },
      { token: admin() },
    );
    expect([noCeiling.status, noCeiling.body.message]).toEqual([400, AWARD_MESSAGES.ceilingRequired]);
    for (const awardRules of [
      { mode: "auto", ceiling: -5 },
      { mode: "auto", ceiling: 100, maxRounds: 99 },
      { mode: "waterfall", carrierIds: ["nobody"] },
      { mode: "sometimes" },
    ]) {
      const refused = await rest(
        t.app,
        "POST",
        "/offers",
        { loadId: load.loadId, targetRate: 900, awardRules },
        { token: admin() },
      );
      expect(refused.status).toBe(400);
    }
    const noTarget = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId, awardRules: { mode: "waterfall", carrierIds: [world.carrier.id] } },
      { token: admin() },
    );
    expect([noTarget.status, noTarget.body.message]).toEqual([400, AWARD_MESSAGES.targetRequired]);
    expect(await t.app.deps.db.offer.count({ where: { loadId: load.id } })).toBe(0);

    const offer = await openOffer(t.app, admin(), load.loadId);
    const set = await rest(
      t.app,
      "PUT",
      `/offers/${load.loadId}/award-rules`,
      { mode: "auto", ceiling: "1250.50", maxRounds: 3 },
      { token: admin() },
    );
    expect(set.body).toMatchObject({ mode: "auto", ceiling: 1250.5, maxRounds: 3 });
    const carrierTry = await rest(
      t.app,
      "PUT",
      `/offers/${load.loadId}/award-rules`,
      { mode: "none" },
      { token: world.carrierSession.token },
    );
    expect(carrierTry.status).toBe(403);
    const waterfallLate = await rest(
      t.app,
      "PUT",
      `/offers/${load.loadId}/award-rules`,
      { mode: "waterfall" },
      { token: admin() },
    );
    expect([waterfallLate.status, waterfallLate.body.message]).toEqual([
      409,
      AWARD_MESSAGES.waterfallAtStart,
    ]);
    const cleared = await rest(
      t.app,
      "PUT",
      `/offers/${load.loadId}/award-rules`,
      { mode: "none" },
      { token: admin() },
    );
    expect(cleared.body).toMatchObject({ mode: "none", ceiling: null });
    expect(await t.app.deps.db.offerAwardRule.count({ where: { offerId: offer._id } })).toBe(0);
  });
});

describe("waterfall", () => {
  async function waterfallOffer(app: App, token: string, count = 2) {
    const load = await biddableLoad(app);
    const people = await bidders(app, count + 1);
    const chain = people.slice(0, count);
    const outsider = people[count] as (typeof people)[number];
    const offer = await openOffer(app, token, load.loadId, {
      targetRate: 1000,
      awardRules: { mode: "waterfall", carrierIds: chain.map((one) => one.user.id), minutesPerCarrier: 20 },
    });
    return { load, offer, chain, outsider };
  }

  it("without a list, offers the load to the best-tier carriers first", async () => {
    const load = await biddableLoad(t.app);
    const veteran = (await bidders(t.app, 1))[0] as Bidder;
    await makeGold(t.app, veteran.user.id);
    const offer = await openOffer(t.app, admin(), load.loadId, {
      targetRate: 1000,
      awardRules: { mode: "waterfall", minutesPerCarrier: 20 },
    });
    const steps = await t.app.deps.db.waterfallStep.findMany({
      where: { offerId: offer._id },
      orderBy: { position: "asc" },
    });
    expect(steps.length).toBeGreaterThan(1);
    const cards = await bidderScorecards(
      t.app.deps,
      steps.map((step) => step.userId),
    );
    const tiers = cards.map((card) => card.tier);
    expect(tiers[0]).toBe("Gold");
    // Gold, Silver, Bronze, New: never a better tier after a worse one.
    const order = ["Gold", "Silver", "Bronze", "New"];
    expect(tiers.map((tier) => order.indexOf(tier))).toEqual(
      [...tiers.map((tier) => order.indexOf(tier))].sort((a, b) => a - b),
    );
    expect(steps.map((step) => step.userId)).toContain(veteran.user.id);
  });

  it("pushes each turn's notice live to the carrier in turn: at the start, after a pass and after a timeout", async () => {
    const url = await t.app.start(0);
    const chain = await bidders(t.app, 3);
    const query = "subscription { notificationAdded { title message } }";
    type Pushed = { notificationAdded: { title: string; message: string } };
    const live = chain.map((one) => subscribeOverWs<Pushed>(url, one.session.token, query));
    const titles = (index: number) => live[index]?.received.map((one) => one.notificationAdded.title) ?? [];
    try {
      await Promise.all(live.map((one) => one.ready));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const load = await biddableLoad(t.app);
      const offer = await openOffer(t.app, admin(), load.loadId, {
        targetRate: 1000,
        awardRules: { mode: "waterfall", carrierIds: chain.map((one) => one.user.id), minutesPerCarrier: 20 },
      });
      const offered = `Load offered to you: ${load.loadId}`;
      await waitFor(() => titles(0).includes(offered));
      expect([titles(1), titles(2)]).toEqual([[], []]);
      // The first passes: the second's turn reaches it live.
      const passed = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/pass`, undefined, {
        token: chain[0]?.session.token,
      });
      expect(passed.status).toBe(200);
      await waitFor(() => titles(1).includes(offered));
      // The second's turn times out (the sweep): it is told, and the third's turn reaches it live.
      await endTurn(t.app, offer._id);
      expect(await expireDueWaterfallTurns(t.app.deps)).toContain(offer._id);
      await waitFor(
        () => titles(2).includes(offered) && titles(1).includes(`Your turn ended: ${load.loadId}`),
      );
      expect(titles(0)).toEqual([offered]);
      expect(live.every((one) => one.errors.length === 0)).toBe(true);
    } finally {
      await Promise.all(live.map((one) => one.close()));
    }
  });

  it("offers the load to one carrier at a time; a turn's timeout passes it on; after the last it opens to all", async () => {
    const { load, offer, chain, outsider } = await waterfallOffer(t.app, admin());
    const [first, second] = chain as [(typeof chain)[0], (typeof chain)[0]];
    const db = t.app.deps.db;
    expect((await db.offer.findUniqueOrThrow({ where: { id: offer._id } })).roundNumber).toBe(0);
    expect(await sees(t.app, first.session.token, load.loadId)).toBe(true);
    expect(await sees(t.app, second.session.token, load.loadId)).toBe(false);
    expect(await sees(t.app, outsider.session.token, load.loadId)).toBe(false);
    const list = await rest<{ data?: { _id: string }[] }>(t.app, "GET", "/offers/active-offers", undefined, {
      token: outsider.session.token,
    });
    expect(JSON.stringify(list.body)).not.toContain(offer._id);
    // The carrier in turn finds it on its Active Offers although round 0 has no round clock.
    const board = await rest(t.app, "GET", "/offers/active-offers", undefined, {
      token: first.session.token,
    });
    expect(JSON.stringify(board.body)).toContain(offer._id);
    // Closed to bids while the waterfall runs.
    const early = await bid(t.app, first.session.token, offer._id, 900);
    expect([early.status, early.body.message]).toEqual([409, BID_MESSAGES.roundClosed]);
    const turnNotice = await db.notification.findFirstOrThrow({
      where: { userId: first.user.id, title: `Load offered to you: ${load.loadId}` },
    });
    expect(turnNotice.message).toContain("$1,000.00");
    expect(
      await db.notification.count({ where: { userId: outsider.user.id, details: { contains: offer._id } } }),
    ).toBe(0);

    const rules = await rest<{ waterfall: Record<string, unknown> }>(
      t.app,
      "GET",
      `/offers/${load.loadId}/award-rules`,
      undefined,
      { token: admin() },
    );
    expect(rules.body.waterfall).toMatchObject({
      status: "running",
      position: 0,
      minutesPerCarrier: 20,
      currentCarrier: first.user.id,
    });
    const notYet = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/accept`, undefined, {
      token: second.session.token,
    });
    expect([notYet.status, notYet.body.message]).toEqual([409, AWARD_MESSAGES.notYourTurn]);
    const stranger = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/accept`, undefined, {
      token: outsider.session.token,
    });
    expect(stranger.status).toBe(404);

    await endTurn(t.app, offer._id);
    const [a, b] = await Promise.all([
      expireDueWaterfallTurns(t.app.deps),
      expireDueWaterfallTurns(t.app.deps),
    ]);
    expect([...a, ...b].filter((id) => id === offer._id)).toHaveLength(1);
    expect(await sees(t.app, first.session.token, load.loadId)).toBe(false);
    expect(await sees(t.app, second.session.token, load.loadId)).toBe(true);
    const late = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/accept`, undefined, {
      token: first.session.token,
    });
    expect([late.status, late.body.message]).toEqual([409, AWARD_MESSAGES.turnOver]);
    expect(
      await db.notification.count({
        where: { userId: first.user.id, title: `Your turn ended: ${load.loadId}` },
      }),
    ).toBe(1);

    await endTurn(t.app, offer._id);
    expect(await expireDueWaterfallTurns(t.app.deps)).toContain(offer._id);
    const opened = await db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    expect([opened.status, opened.roundNumber]).toEqual(["active", 1]);
    expect(opened.roundEndsAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await sees(t.app, outsider.session.token, load.loadId)).toBe(true);
    expect(
      await db.notification.count({
        where: { userId: outsider.user.id, title: `New load available: ${load.loadId}` },
      }),
    ).toBe(1);
    expect((await bid(t.app, outsider.session.token, offer._id, 950)).status).toBe(201);
    const steps = await db.waterfallStep.findMany({
      where: { offerId: offer._id },
      orderBy: { position: "asc" },
    });
    expect(steps.map((step) => step.status)).toEqual(["expired", "expired"]);
    expect(await db.auditLog.count({ where: { entityId: offer._id, action: "offer.waterfallOpen" } })).toBe(
      1,
    );
  });

  it("the carrier in turn passes (next turn) or accepts: it wins at the target rate and the tender follows", async () => {
    const { load, offer, chain, outsider } = await waterfallOffer(t.app, admin());
    const [first, second] = chain as [(typeof chain)[0], (typeof chain)[0]];
    const passed = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/pass`, undefined, {
      token: first.session.token,
    });
    expect([passed.status, passed.body.message]).toEqual([200, AWARD_MESSAGES.passed]);
    expect(await sees(t.app, second.session.token, load.loadId)).toBe(true);
    const byAdmin = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/accept`, undefined, {
      token: admin(),
    });
    expect(byAdmin.status).toBe(403);
    const accepted = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/accept`, undefined, {
      token: second.session.token,
    });
    expect([accepted.status, accepted.body.message]).toEqual([200, AWARD_MESSAGES.accepted]);
    const again = await rest(t.app, "POST", `/offers/${load.loadId}/waterfall/accept`, undefined, {
      token: second.session.token,
    });
    expect(again.status).toBe(409);
    const db = t.app.deps.db;
    const stored = await db.offer.findUniqueOrThrow({
      where: { id: offer._id },
      include: { winnerBid: true },
    });
    expect([stored.status, stored.winnerBid?.userId, stored.winnerBid?.amountCents]).toEqual([
      "finished",
      second.user.id,
      100_000,
    ]);
    const tender = await rest(t.app, "GET", `/offers/${load.loadId}/tender`, undefined, {
      token: second.session.token,
    });
    expect(tender.body).toMatchObject({ status: "pending", amount: 1000 });
    expect(
      (await db.load.findUniqueOrThrow({ where: { id: load.id } })).assignedUserId ?? second.user.id,
    ).toBe(second.user.id);
    expect(
      await db.notification.count({
        where: { userId: world.admin.id, title: `Waterfall accepted: ${load.loadId}` },
      }),
    ).toBe(1);
    expect(
      await t.app.deps.db.notification.count({
        where: { userId: outsider.user.id, details: { contains: offer._id } },
      }),
    ).toBe(0);
    const rules = await rest<{ waterfall: { status: string; steps: { status: string }[] } }>(
      t.app,
      "GET",
      `/offers/${load.loadId}/award-rules`,
      undefined,
      { token: admin() },
    );
    expect(rules.body.waterfall.status).toBe("accepted");
    expect(rules.body.waterfall.steps.map((step) => step.status)).toEqual(["passed", "accepted"]);
  });

  it("answers over GraphQL: Offer.waterfall for operators, the turn for the carrier in turn, and the mutations", async () => {
    const { load, offer, chain } = await waterfallOffer(t.app, admin(), 1);
    const [first] = chain as [(typeof chain)[0]];
    const offerGid = Buffer.from(`Offer:${offer._id}`).toString("base64");
    const operator = await gql<{
      node: {
        awardRules: { mode: string };
        waterfall: { status: string; currentCarrier: { carrierName: string } };
      };
    }>(
      t.app,
      `query($id: ID!) { node(id: $id) { ... on Offer { awardRules { mode } waterfall { status position turnEndsAt currentCarrier { carrierName } steps { status carrierName } } } } }`,
      { id: offerGid },
      { token: admin() },
    );
    expect(operator.errors).toBeUndefined();
    expect(operator.data?.node.awardRules.mode).toBe("waterfall");
    expect(operator.data?.node.waterfall).toMatchObject({
      status: "running",
      currentCarrier: { carrierName: expect.stringMatching(/^Company/) },
    });
    const carrier = await gql<{ node: { waterfallTurnEndsAt: string | null; waterfallRate: number | null } }>(
      t.app,
      `query($id: ID!) { node(id: $id) { ... on Offer { waterfallTurnEndsAt waterfallRate } } }`,
      { id: offerGid },
      { token: first.session.token },
    );
    expect(carrier.data?.node.waterfallRate).toBe(1000);
    expect(new Date(carrier.data?.node.waterfallTurnEndsAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    const hidden = await gql<{ node: { waterfall: unknown } | null }>(
      t.app,
      `query($id: ID!) { node(id: $id) { ... on Offer { waterfall { status } } } }`,
      { id: offerGid },
      { token: first.session.token },
    );
    expect(hidden.data?.node?.waterfall ?? null).toBeNull();
    const accepted = await gql<{ acceptWaterfallTurn: { __typename: string } }>(
      t.app,
      `mutation($input: WaterfallTurnInput!) { acceptWaterfallTurn(input: $input) { __typename ... on MutationAcceptWaterfallTurnSuccess { data { offer { status } } } } }`,
      { input: { offerId: offerGid } },
      { token: first.session.token },
    );
    expect(accepted.data?.acceptWaterfallTurn).toMatchObject({ data: { offer: { status: "finished" } } });
    expect(load.loadId).toBeTruthy();
  });

  it("an operator's explicit start with auto over GraphQL, and switching a running waterfall to none opens it to all", async () => {
    const { load, offer, outsider } = await waterfallOffer(t.app, admin(), 1);
    const cleared = await rest(
      t.app,
      "PUT",
      `/offers/${load.loadId}/award-rules`,
      { mode: "none" },
      { token: admin() },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ mode: "waterfall", waterfall: { status: "opened" } });
    expect((await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).roundNumber).toBe(1);
    expect(await sees(t.app, outsider.session.token, load.loadId)).toBe(true);

    const other = await biddableLoad(t.app);
    const started = await gql<{
      startOffer: { __typename: string; data?: { offer: { awardRules: unknown } } };
    }>(
      t.app,
      `mutation($input: StartOfferInput!) { startOffer(input: $input) { __typename ... on MutationStartOfferSuccess { data { offer { awardRules { mode ceiling maxRounds } } } } ... on Error { message } } }`,
      { input: { loadId: other.loadId, awardRules: { mode: "auto", ceiling: 1500, maxRounds: 3 } } },
      { token: admin() },
    );
    expect(started.errors).toBeUndefined();
    expect(started.data?.startOffer).toMatchObject({
      data: { offer: { awardRules: { mode: "auto", ceiling: 1500, maxRounds: 3 } } },
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("award rules with two instances on one database and Redis", () => {
  const instances = twoInstances(redisUrl);

  it("auto-awards and moves a waterfall on exactly once, whichever instance sweeps", async () => {
    const people = await adminAndCarrier(instances.first.app);
    const token = people.adminSession.token;
    const { load, offer } = await autoOffer(instances.first.app, token, { ceiling: 2000 });
    const [one, two] = await bidders(instances.first.app, 2);
    await bid(instances.first.app, one.session.token, offer._id, 1500);
    await bid(instances.first.app, two.session.token, offer._id, 1600);
    await closeRound(instances.first.app, offer._id);
    const sweeps = await Promise.all([
      decideDueAutoAwards(instances.first.app.deps),
      decideDueAutoAwards(instances.second.deps),
      decideDueAutoAwards(instances.first.app.deps),
      decideDueAutoAwards(instances.second.deps),
    ]);
    expect(sweeps.flat().filter((id) => id === offer._id)).toHaveLength(1);
    const db = instances.first.app.deps.db;
    expect(await db.tender.count({ where: { offerId: offer._id } })).toBe(1);
    expect(await db.bill.count({ where: { loadId: load.id } })).toBe(1);
    expect(await db.notification.count({ where: { title: `Auto-awarded: ${load.loadId}` } })).toBe(1);
    expect(await db.bid.count({ where: { offerId: offer._id, status: "winner" } })).toBe(1);

    const waterfallLoad = await biddableLoad(instances.first.app);
    const waterfall = await openOffer(instances.first.app, token, waterfallLoad.loadId, {
      targetRate: 1000,
      awardRules: { mode: "waterfall", carrierIds: [one.user.id, two.user.id] },
    });
    await endTurn(instances.first.app, waterfall._id);
    const moves = await Promise.all([
      expireDueWaterfallTurns(instances.first.app.deps),
      expireDueWaterfallTurns(instances.second.deps),
      expireDueWaterfallTurns(instances.first.app.deps),
      expireDueWaterfallTurns(instances.second.deps),
    ]);
    expect(moves.flat().filter((id) => id === waterfall._id)).toHaveLength(1);
    const steps = await db.waterfallStep.findMany({
      where: { offerId: waterfall._id },
      orderBy: { position: "asc" },
    });
    expect(steps.map((step) => step.status)).toEqual(["expired", "offered"]);
    expect(
      await db.notification.count({ where: { title: `Load offered to you: ${waterfallLoad.loadId}` } }),
    ).toBe(2);
  });
});
