import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { expireDueTenders } from "../../server/offers/tender.ts";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type TestApp,
} from "../support/app.ts";
import { awardedLoad, bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { twoInstances } from "../support/two-instances.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

/**
 * Tender acceptance (lifecycle issue): after Confirm Winner the winner has TENDER_ACCEPT_MINUTES to
 * accept the rate confirmation by typing its name, or declines; declined or expired, the award
 * passes to the next-best bid or the offer reopens.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

interface TenderBody {
  loadId: string;
  status: string;
  expiresAt: string;
  decidedAt: string | null;
  amount: number;
  declineReason: string | null;
  rateConfirmation: { url: string; sha256: string };
  signature: { name: string; signedAt: string; sha256: string; ip?: string | null } | null;
  message?: string;
}

const admin = () => world.adminSession.token;
const tenderOf = (loadId: string, token: string) =>
  rest<TenderBody>(t.app, "GET", `/offers/${loadId}/tender`, undefined, { token });
const accept = (loadId: string, token: string, signature: unknown) =>
  rest<TenderBody>(t.app, "POST", `/offers/${loadId}/tender/accept`, { signature }, { token });
const decline = (loadId: string, token: string, reason: unknown) =>
  rest<TenderBody>(t.app, "POST", `/offers/${loadId}/tender/decline`, { reason }, { token });

/** A snapshot of everything an answer may change, to show a refusal changed nothing. */
async function stateOf(loadDbId: string) {
  const db = t.app.deps.db;
  return {
    tenders: await db.tender.findMany({
      where: { offer: { loadId: loadDbId } },
      orderBy: { createdAt: "asc" },
    }),
    offers: await db.offer.findMany({ where: { loadId: loadDbId } }),
    bids: await db.bid.findMany({ where: { offer: { loadId: loadDbId } }, orderBy: { id: "asc" } }),
    load: await db.load.findUniqueOrThrow({ where: { id: loadDbId } }),
    bills: await db.bill.findMany({ where: { loadId: loadDbId } }),
    milestones: await db.loadMilestone.count({ where: { loadId: loadDbId } }),
  };
}

describe("tender", () => {
  it("gives the winner a pending tender with TENDER_ACCEPT_MINUTES and the rate confirmation's PDF", async () => {
    const before = Date.now();
    const { load, winner, other } = await awardedLoad(t.app, admin(), 1200);
    const seen = await tenderOf(load.loadId, winner.session.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      loadId: load.loadId,
      status: "pending",
      amount: 1200,
      signature: null,
    });
    const minutes = (new Date(seen.body.expiresAt).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
    expect(seen.body.rateConfirmation.url).toBe(`/api/offers/${load.loadId}/tender/rate-confirmation.pdf`);

    const pdf = await t.app.fetch(
      new Request(`http://localhost${seen.body.rateConfirmation.url}`, {
        headers: { authorization: `Bearer ${winner.session.token}` },
      }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(seen.body.rateConfirmation.sha256);

    // Operators view it; another carrier is refused (403), the PDF too.
    expect((await tenderOf(load.loadId, admin())).body.status).toBe("pending");
    const stranger = await tenderOf(load.loadId, other.session.token);
    expect([stranger.status, stranger.body.message]).toEqual([403, OFFER_MESSAGES.tenderNotYours]);
    const strangerPdf = await t.app.fetch(
      new Request(`http://localhost${seen.body.rateConfirmation.url}`, {
        headers: { authorization: `Bearer ${other.session.token}` },
      }),
    );
    expect(strangerPdf.status).toBe(403);
    const none = await biddableLoad(t.app);
    expect((await tenderOf(none.loadId, admin())).status).toBe(404);
  });

  it("accepts with the typed name: e-signature kept, 'tender_accepted' on the timeline, operators told, audited, dispatchable", async () => {
    const { load, winner } = await awardedLoad(t.app, admin(), 1500);
    const dispatch = () =>
      rest(
        t.app,
        "POST",
        `/loads/${load.loadId}/dispatch`,
        { driverName: "Dana Driver", driverPhone: "(201) 555-0142" },
        { token: winner.session.token },
      );
    const early = await dispatch();
    expect([early.status, early.body.message]).toEqual([409, OFFER_MESSAGES.tenderNotAccepted]);

    const before = await tenderOf(load.loadId, winner.session.token);
    const accepted = await accept(load.loadId, winner.session.token, "  Carla Carrier ");
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", signature: { name: "Carla Carrier" } });
    expect(accepted.body.signature?.sha256).toBe(before.body.rateConfirmation.sha256);
    expect(accepted.body.signature?.ip).toBeUndefined();

    const row = await t.app.deps.db.tender.findFirstOrThrow({ where: { offer: { loadId: load.id } } });
    expect(row).toMatchObject({
      status: "accepted",
      signerName: "Carla Carrier",
      signerIp: "10.0.0.1",
      documentSha256: before.body.rateConfirmation.sha256,
      decidedById: winner.user.id,
    });
    expect(row.signedAt).toBeInstanceOf(Date);
    const asOperator = await tenderOf(load.loadId, admin());
    expect(asOperator.body.signature?.ip).toBe("10.0.0.1");

    const milestone = await t.app.deps.db.loadMilestone.findFirstOrThrow({
      where: { loadId: load.id, milestone: "tender_accepted" },
    });
    expect(milestone).toMatchObject({ source: "user", byUserId: winner.user.id, detail: "Carla Carrier" });
    const told = await t.app.deps.db.notification.findFirst({
      where: { userId: world.admin.id, title: `Tender accepted: ${load.loadId}` },
    });
    expect(told?.message).toContain("signed by Carla Carrier");
    expect(
      await t.app.deps.db.auditLog.count({
        where: { action: "offer.tenderAccept", actorId: winner.user.id },
      }),
    ).toBe(1);

    // The signed copy is with the load's documents, the same bytes.
    const filed = await t.app.deps.db.loadDocument.findFirstOrThrow({ where: { loadId: load.id } });
    expect(filed).toMatchObject({
      type: "RATE_CONFIRMATION",
      sha256: before.body.rateConfirmation.sha256,
      contentType: "application/pdf",
      uploadedById: winner.user.id,
    });
    expect((await dispatch()).status).toBe(200);

    // Decided: a second answer is 409 and changes nothing.
    const state = await stateOf(load.id);
    const again = await accept(load.loadId, winner.session.token, "Carla Carrier");
    expect([again.status, again.body.message]).toEqual([409, OFFER_MESSAGES.tenderDecided]);
    const late = await decline(load.loadId, winner.session.token, "Changed my mind");
    expect([late.status, late.body.message]).toEqual([409, OFFER_MESSAGES.tenderDecided]);
    expect(await stateOf(load.id)).toEqual(state);
  });

  it("refuses a bad signature (400), another carrier (403) and an operator's signature (403), changing nothing", async () => {
    const { load, winner, other } = await awardedLoad(t.app, admin());
    const state = await stateOf(load.id);
    for (const signature of ["", "   ", "J", "1.", 42, null, "x".repeat(121)]) {
      const refused = await accept(load.loadId, winner.session.token, signature);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/full name|at most 120/);
    }
    const badReason = await decline(load.loadId, winner.session.token, "no");
    expect([badReason.status, badReason.body.message]).toEqual([400, OFFER_MESSAGES.declineReasonRequired]);
    const notYours = await accept(load.loadId, other.session.token, "Otto Other");
    expect([notYours.status, notYours.body.message]).toEqual([403, OFFER_MESSAGES.tenderNotYours]);
    const notYoursDecline = await decline(load.loadId, other.session.token, "Not for us");
    expect(notYoursDecline.status).toBe(403);
    const operator = await accept(load.loadId, admin(), "Ada Admin");
    expect([operator.status, operator.body.message]).toEqual([403, OFFER_MESSAGES.tenderAcceptCarrierOnly]);
    expect((await accept(load.loadId, "", "Nobody")).status).toBe(401);
    expect(await stateOf(load.id)).toEqual(state);
  });

  it("lets another user of the winning carrier company accept", async () => {
    const company = await t.app.deps.db.carrier.create({
      data: {
        carrierId: `C-T-${Date.now()}`,
        carrierName: "Tender Trucking",
        dotNumber: `D${Date.now()}`,
        mcNumber: `M${Date.now()}`,
        contactName: "Tess",
        contactPhone: "+12015550100",
        contactEmail: `tess-${Date.now()}@example.com`,
      },
    });
    const { load, winner } = await awardedLoad(t.app, admin());
    await t.app.deps.db.user.update({ where: { id: winner.user.id }, data: { carrierId: company.id } });
    await t.app.deps.db.tender.updateMany({
      where: { offer: { loadId: load.id } },
      data: { carrierId: company.id },
    });
    const colleague = await createUser(t.app, { email: `colleague-${Date.now()}@example.com` });
    await t.app.deps.db.user.update({ where: { id: colleague.id }, data: { carrierId: company.id } });
    const session = await loginAs(t.app, colleague.email);
    const accepted = await accept(load.loadId, session.token, "Colin Colleague");
    expect(accepted.status).toBe(200);
  });

  it("on decline passes the award to the next-best active bid of another carrier: bid, load, bill, new tender, notices", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin(), load.loadId);
    const [first, second, third, folded] = await bidders(t.app, 4);
    const placed = await bid(t.app, first.session.token, offer._id, 1000);
    await bid(t.app, third.session.token, offer._id, 1300);
    await bid(t.app, second.session.token, offer._id, 1100);
    await bid(t.app, folded.session.token, offer._id, 900);
    const fold = await rest(t.app, "POST", `/bids/fold/${offer._id}`, undefined, {
      token: folded.session.token,
    });
    expect(fold.status).toBe(200);
    const bidId = (placed.body.bid as { _id: string })._id;
    expect(
      (await rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId }, { token: admin() })).status,
    ).toBe(200);
    const billBefore = await t.app.deps.db.bill.findFirstOrThrow({ where: { loadId: load.id } });

    const declined = await decline(load.loadId, first.session.token, "  No truck that day  ");
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "declined", declineReason: "No truck that day" });
    // The declining carrier still reads its own record.
    expect((await tenderOf(load.loadId, first.session.token)).body.status).toBe("declined");

    const next = await tenderOf(load.loadId, second.session.token);
    expect(next.body).toMatchObject({ status: "pending", amount: 1100 });
    expect(new Date(next.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const bids = await t.app.deps.db.bid.findMany({ where: { offerId: offer._id } });
    const statusOf = (userId: string) => bids.find((row) => row.userId === userId)?.status;
    expect([first, second, third, folded].map((who) => statusOf(who.user.id))).toEqual([
      "loser",
      "winner",
      "loser",
      "folded",
    ]);
    const offerRow = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    expect(offerRow.status).toBe("finished");
    expect(bids.find((row) => row.id === offerRow.winnerBidId)?.userId).toBe(second.user.id);
    const loadRow = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } });
    expect(loadRow.assignedUserId).toBe(second.user.id);
    const bill = await t.app.deps.db.bill.findFirstOrThrow({ where: { loadId: load.id } });
    expect(bill).toMatchObject({
      id: billBefore.id,
      billNumber: billBefore.billNumber,
      amountCents: 110_000,
      winnerUserId: second.user.id,
      status: "pending",
    });
    const titles = async (userId: string) =>
      (await t.app.deps.db.notification.findMany({ where: { userId }, orderBy: { createdAt: "asc" } })).map(
        (row) => row.title,
      );
    expect(await titles(first.user.id)).toContain(`Tender declined: ${load.loadId}`);
    expect(await titles(second.user.id)).toContain("Congratulations! Your Bid Was Accepted");
    expect(await titles(world.admin.id)).toContain(`Tender declined: ${load.loadId}`);
    // The carrier's record keeps the declined tender (a scorecard reads it).
    expect(await t.app.deps.db.tender.count({ where: { userId: first.user.id, status: "declined" } })).toBe(
      1,
    );
    // The new winner confirms details now; the old one no longer can.
    expect(
      (
        await rest(t.app, "GET", `/offers/${load.loadId}/confirm-details`, undefined, {
          token: second.session.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await rest(t.app, "GET", `/offers/${load.loadId}/confirm-details`, undefined, {
          token: first.session.token,
        })
      ).status,
    ).toBe(404);
  });

  it("passes over other users of the carrier company that declined", async () => {
    const company = await t.app.deps.db.carrier.create({
      data: {
        carrierId: `C-D-${Date.now()}`,
        carrierName: "Declining Freight",
        dotNumber: `DD${Date.now()}`,
        mcNumber: `MD${Date.now()}`,
        contactName: "Dee",
        contactPhone: "+12015550101",
        contactEmail: `dee-${Date.now()}@example.com`,
      },
    });
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin(), load.loadId);
    const [winner, colleague, outsider] = await bidders(t.app, 3);
    for (const who of [winner, colleague]) {
      await t.app.deps.db.user.update({ where: { id: who.user.id }, data: { carrierId: company.id } });
    }
    const placed = await bid(t.app, winner.session.token, offer._id, 1000);
    await bid(t.app, colleague.session.token, offer._id, 1050);
    await bid(t.app, outsider.session.token, offer._id, 1200);
    const bidId = (placed.body.bid as { _id: string })._id;
    await rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId }, { token: admin() });
    // The colleague answers for the company.
    expect((await decline(load.loadId, colleague.session.token, "Fleet is full")).status).toBe(200);
    const next = await t.app.deps.db.tender.findFirstOrThrow({
      where: { offerId: offer._id, status: "pending" },
    });
    expect([next.userId, next.amountCents]).toEqual([outsider.user.id, 120_000]);
  });

  it("an operator may decline on the carrier's behalf; with no other bid the offer reopens for a new round", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin(), load.loadId);
    const [only] = await bidders(t.app, 1);
    const placed = await bid(t.app, only.session.token, offer._id, 800);
    const bidId = (placed.body.bid as { _id: string })._id;
    await rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId }, { token: admin() });
    const before = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } });

    const declined = await decline(load.loadId, admin(), "Carrier called: truck broke down");
    expect(declined.status).toBe(200);
    const after = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } });
    expect(after).toMatchObject({ status: "active", winnerBidId: null, finishedAt: null });
    expect(after.roundNumber).toBe(before.roundNumber + 1);
    expect(after.roundEndsAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const loadRow = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } });
    expect([loadRow.assignedUserId, loadRow.carrierId]).toEqual([null, null]);
    const bill = await t.app.deps.db.bill.findFirstOrThrow({ where: { loadId: load.id } });
    expect(bill.status).toBe("canceled");
    expect(bill.sourceKey?.startsWith("winner:")).toBe(false);
    const row = await t.app.deps.db.tender.findFirstOrThrow({ where: { offerId: offer._id } });
    expect(row).toMatchObject({ status: "declined", decidedById: world.admin.id });

    // Reopened: a new bid and a new award make a fresh tender and a fresh bill.
    const [late] = await bidders(t.app, 1);
    const again = await bid(t.app, late.session.token, offer._id, 950);
    const lateBid = (again.body.bid as { _id: string })._id;
    const awarded = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId: lateBid },
      { token: admin() },
    );
    expect(awarded.status).toBe(200);
    expect((await tenderOf(load.loadId, late.session.token)).body).toMatchObject({
      status: "pending",
      amount: 950,
    });
    expect(await t.app.deps.db.bill.count({ where: { loadId: load.id, status: "pending" } })).toBe(1);
  });

  it("expires a tender past its time once: the award passes on, and an answer after expiry is 409", async () => {
    const { load, winner, other } = await awardedLoad(t.app, admin(), 1200);
    await t.app.deps.db.tender.updateMany({
      where: { offer: { loadId: load.id } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const state = await stateOf(load.id);
    const late = await accept(load.loadId, winner.session.token, "Carla Carrier");
    expect([late.status, late.body.message]).toEqual([409, OFFER_MESSAGES.tenderExpired]);
    expect((await tenderOf(load.loadId, winner.session.token)).body.status).toBe("expired");
    expect(await stateOf(load.id)).toEqual(state);

    const [one, two] = await Promise.all([expireDueTenders(t.app.deps), expireDueTenders(t.app.deps)]);
    expect([...one, ...two]).toHaveLength(1);
    const rows = await t.app.deps.db.tender.findMany({
      where: { offer: { loadId: load.id } },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((row) => [row.userId, row.status])).toEqual([
      [winner.user.id, "expired"],
      [other.user.id, "pending"],
    ]);
    const notice = await t.app.deps.db.notification.findFirst({
      where: { userId: winner.user.id, title: `Tender expired: ${load.loadId}` },
    });
    expect(notice).not.toBeNull();
    const afterExpiry = await accept(load.loadId, winner.session.token, "Carla Carrier");
    expect(afterExpiry.status).toBe(403);
  });

  it("ends the tender of a cancelled load without passing the award on or reopening the offer", async () => {
    const { load, other } = await awardedLoad(t.app, admin(), 1250);
    const cancelled = await rest(
      t.app,
      "PUT",
      `/loads/${load.loadId}`,
      { status: "cancelled" },
      { token: admin() },
    );
    expect(cancelled.status).toBe(200);
    await t.app.deps.db.tender.updateMany({
      where: { offer: { loadId: load.id } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expireDueTenders(t.app.deps);
    const rows = await t.app.deps.db.tender.findMany({ where: { offer: { loadId: load.id } } });
    expect(rows.map((row) => row.status)).toEqual(["expired"]);
    expect(rows.some((row) => row.userId === other.user.id)).toBe(false);
    const offers = await t.app.deps.db.offer.findMany({ where: { loadId: load.id } });
    expect(offers.map((offer) => offer.status)).toEqual(["finished"]);
    expect((await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } })).status).toBe("cancelled");
  });

  it("answers over GraphQL: Offer.tender, Load.tender, acceptTender, declineTender", async () => {
    const { load, offer, winner } = await awardedLoad(t.app, admin());
    const offerGid = Buffer.from(`Offer:${offer._id}`).toString("base64");
    const read = await gql<{
      node: { tender: { status: string; amount: number; rateConfirmationUrl: string } };
    }>(
      t.app,
      `query($id: ID!) { node(id: $id) { ... on Offer { tender { status amount rateConfirmationUrl viewerMayAnswer } } } }`,
      { id: offerGid },
      { token: winner.session.token },
    );
    expect(read.data?.node.tender).toMatchObject({ status: "pending", viewerMayAnswer: true });
    const bad = await gql<{ acceptTender: { __typename: string } }>(
      t.app,
      `mutation($input: AcceptTenderInput!) { acceptTender(input: $input) { __typename ... on Error { message } } }`,
      { input: { loadId: load.loadId, signature: "x" } },
      { token: winner.session.token },
    );
    expect(bad.data?.acceptTender).toMatchObject({ __typename: "ValidationError" });
    const done = await gql<{ acceptTender: { data: { tender: { status: string; signerName: string } } } }>(
      t.app,
      `mutation($input: AcceptTenderInput!) {
        acceptTender(input: $input) { __typename ... on MutationAcceptTenderSuccess { data { tender { status signerName } offer { id } } } }
      }`,
      { input: { loadId: load.loadId, signature: "Carla Carrier" } },
      { token: winner.session.token },
    );
    expect(done.data?.acceptTender.data.tender).toEqual({ status: "accepted", signerName: "Carla Carrier" });
    const conflict = await gql<{ declineTender: { __typename: string; message: string } }>(
      t.app,
      `mutation($input: DeclineTenderInput!) { declineTender(input: $input) { __typename ... on Error { message } } }`,
      { input: { loadId: load.loadId, reason: "Too late now" } },
      { token: admin() },
    );
    expect(conflict.data?.declineTender).toEqual({
      __typename: "ConflictError",
      message: OFFER_MESSAGES.tenderDecided,
    });
    const byLoad = await gql<{ tender: { status: string; signerIp: string | null } }>(
      t.app,
      `query($loadId: String!) { tender(loadId: $loadId) { status signerIp } }`,
      { loadId: load.loadId },
      { token: admin() },
    );
    expect(byLoad.data?.tender).toEqual({ status: "accepted", signerIp: "10.0.0.1" });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("tender expiry with two instances on one database and Redis", () => {
  const instances = twoInstances(redisUrl);

  it("passes an expired award on exactly once and tells a watcher on the other instance", async () => {
    const people = await adminAndCarrier(instances.first.app);
    const { load, other } = await awardedLoad(instances.first.app, people.adminSession.token, 1200);
    const url = await instances.second.start(0);
    const watcher = subscribeOverWs<{ tenderChanged: { status: string; amount: number } | null }>(
      url,
      people.adminSession.token,
      `subscription { tenderChanged(loadId: "${load.loadId}") { status amount } }`,
    );
    try {
      await watcher.ready;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await instances.first.app.deps.db.tender.updateMany({
        where: { offer: { loadId: load.id } },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      const sweeps = await Promise.all([
        expireDueTenders(instances.first.app.deps),
        expireDueTenders(instances.second.deps),
        expireDueTenders(instances.first.app.deps),
        expireDueTenders(instances.second.deps),
      ]);
      // The started instance's own sweep may claim it first: at most one claim in all.
      expect(sweeps.flat().length).toBeLessThanOrEqual(1);
      for (let tries = 0; tries < 100; tries++) {
        if ((await instances.first.app.deps.db.tender.count({ where: { offer: { loadId: load.id } } })) === 2)
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const tenders = await instances.first.app.deps.db.tender.findMany({
        where: { offer: { loadId: load.id } },
      });
      expect(tenders.map((row) => row.status).sort()).toEqual(["expired", "pending"]);
      expect(tenders.find((row) => row.status === "pending")?.userId).toBe(other.user.id);
      expect(
        await instances.first.app.deps.db.notification.count({
          where: { title: `Tender expired: ${load.loadId}` },
        }),
      ).toBe(2);
      await waitFor(() => watcher.received.some((event) => event.tenderChanged?.amount === 1300));
    } finally {
      await watcher.close();
    }
  });
});
