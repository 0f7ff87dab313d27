import { createHash } from "node:crypto";
import { formatCents } from "../../common/money.ts";
import { OFFER_MESSAGES, type TenderStatus } from "../../common/offers.ts";
import { tenderAcceptInput, tenderDeclineInput } from "../../common/tender-input.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireViewer, type Viewer } from "../auth/policy.ts";
import { announceBillChanged, moveWinnerBill, voidWinnerBill } from "../billing/operations.ts";
import { rateConfirmationPdf } from "../billing/rate-confirmation.ts";
import { carrierNameOf } from "../carriers/lookup.ts";
import { mayTradeUsers } from "../compliance/service.ts";
import type { AppConfig } from "../config.ts";
import type { Context } from "../context.ts";
import type { Db, DbProvider } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { announceLoadDocuments, fileSignedRateConfirmation } from "../documents/service.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { Bid, Offer, Tender } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { recordMilestones } from "../loads/milestones.ts";
import { assignLoadToWinner, releaseLoadFromWinner } from "../loads/service.ts";
import {
  announceNotifications,
  insertNotifications,
  type NotificationRow,
  type StoredNotification,
} from "../notifications/service.ts";
import { logger } from "../ops/logger.ts";
import { activeOperatorIds, carrierIdOfUser, userByIdOrThrow } from "../users/marketplace-reads.ts";
import { announceOffer } from "./events.ts";
import { findOfferRef } from "./offer-ref.ts";

/** The transaction the tender's writes run in (the winner confirmation's, or its own). */
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export const WINNER_TITLE = "Congratulations! Your Bid Was Accepted";

/** The path a tender's rate confirmation PDF downloads from (operators and the tender's carrier). */
export const tenderPdfPath = (loadId: string) =>
  `/api/offers/${encodeURIComponent(loadId)}/tender/rate-confirmation.pdf`;

export interface NewTender {
  offerId: string;
  bidId: string;
  userId: string;
  carrierId: string | null;
  amountCents: number;
  now: Date;
  minutes: number;
}

/** A pending tender for an award's winner, inside the award's transaction. */
export function createTender(tx: Pick<Db, "tender">, input: NewTender): Promise<Tender> {
  return tx.tender.create({
    data: {
      offerId: input.offerId,
      bidId: input.bidId,
      userId: input.userId,
      carrierId: input.carrierId,
      amountCents: input.amountCents,
      status: "pending",
      expiresAt: new Date(input.now.getTime() + input.minutes * 60_000),
      createdAt: input.now,
    },
  });
}

interface AwardedOffer {
  offer: Pick<
    Offer,
    | "id"
    | "originCity"
    | "originState"
    | "destinationCity"
    | "destinationState"
    | "startDateTime"
    | "endDateTime"
    | "distance"
    | "equipmentType"
  >;
  loadId: string;
}

/** The winner's notification (the spec's bidStatus winner, with the load's details). */
export function winnerNotification(
  { offer, loadId }: AwardedOffer,
  bid: Pick<Bid, "userId" | "amountCents">,
  acceptedBy: string,
  tender: Pick<Tender, "expiresAt">,
  passedOn = false,
): NotificationRow {
  return {
    userId: bid.userId,
    title: WINNER_TITLE,
    message: passedOn
      ? `Load ${loadId} passed to you: your bid of ${formatCents(bid.amountCents)} was accepted. Accept the tender by ${tender.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`
      : `Your bid of ${formatCents(bid.amountCents)} on load ${loadId} was accepted. Please confirm the truck and driver details.`,
    bidStatus: "winner",
    details: {
      acceptedBy,
      loadId,
      originCity: offer.originCity,
      originState: offer.originState,
      destinationCity: offer.destinationCity,
      destinationState: offer.destinationState,
      startDateTime: offer.startDateTime.toISOString(),
      endDateTime: offer.endDateTime?.toISOString() ?? null,
      distance: offer.distance,
      equipmentType: offer.equipmentType,
      bidAmount: bid.amountCents / 100,
      tenderExpiresAt: tender.expiresAt.toISOString(),
    },
  };
}

/** Whether the viewer is on the tender's carrier side: its user, or a user of its carrier company. */
function isTenderParty(viewer: Viewer, viewerCarrierId: string | null, tender: Tender): boolean {
  return tender.userId === viewer.id || (tender.carrierId !== null && tender.carrierId === viewerCarrierId);
}

export interface TenderView {
  tender: Tender;
  loadId: string;
  /** The load's readable id: the REST paths name it. */
  offerId: string;
}

async function offerOfLoad(ctx: Context, loadReference: string) {
  const offer = await findOfferRef(ctx.db, loadReference, {
    include: { load: { select: { id: true, loadId: true } } },
  });
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.noTender);
  return offer as Offer & { load: { id: string; loadId: string } };
}

/**
 * The tender of a load's newest offer that the viewer may read: operators read the current one;
 * the carrier side reads its own newest one (a carrier that declined still sees "declined"). A
 * load with no tender: 404; one whose tender belongs to another carrier: 403.
 */
export async function tenderForViewer(ctx: Context, loadReference: string): Promise<TenderView> {
  const viewer = requireViewer(ctx);
  const offer = await offerOfLoad(ctx, loadReference);
  const latest = await ctx.db.tender.findFirst({
    where: { offerId: offer.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!latest) throw new NotFoundError(OFFER_MESSAGES.noTender);
  if (policy.isAdmin(viewer)) return { tender: latest, loadId: offer.load.loadId, offerId: offer.id };
  const carrierId = await carrierIdOfUser(ctx.db, viewer.id);
  const own = await ctx.db.tender.findFirst({
    where: {
      offerId: offer.id,
      OR: [{ userId: viewer.id }, ...(carrierId ? [{ carrierId }] : [])],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!own) throw new ForbiddenError(OFFER_MESSAGES.tenderNotYours);
  return { tender: own, loadId: offer.load.loadId, offerId: offer.id };
}

/** Whether the viewer may read this tender (GraphQL's type check and Offer.tender). */
export async function mayReadTender(ctx: Context, tender: Tender): Promise<boolean> {
  const viewer = ctx.viewer;
  if (!viewer) return false;
  if (policy.isAdmin(viewer)) return true;
  if (tender.userId === viewer.id) return true;
  return tender.carrierId !== null && tender.carrierId === (await carrierIdOfUser(ctx.db, viewer.id));
}

/** The tender an operator sees on an offer (its newest), or the carrier side's own newest one. */
export async function tenderOfOfferForViewer(ctx: Context, offerId: string): Promise<Tender | null> {
  const viewer = ctx.viewer;
  if (!viewer) return null;
  if (policy.isAdmin(viewer)) {
    return ctx.db.tender.findFirst({ where: { offerId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  }
  const carrierId = await carrierIdOfUser(ctx.db, viewer.id);
  return ctx.db.tender.findFirst({
    where: { offerId, OR: [{ userId: viewer.id }, ...(carrierId ? [{ carrierId }] : [])] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** The tender on a load's newest decided offer for this viewer (Load.tender). */
export async function tenderOfLoadForViewer(ctx: Context, loadDbId: string): Promise<Tender | null> {
  const offer = await ctx.db.offer.findFirst({
    where: { loadId: loadDbId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return offer ? tenderOfOfferForViewer(ctx, offer.id) : null;
}

/** The status a reader sees: a pending tender past its expiry is expired (the sweep passes it on). */
export function effectiveTenderStatus(tender: Pick<Tender, "status" | "expiresAt">, now = Date.now()) {
  return (
    tender.status === "pending" && tender.expiresAt.getTime() <= now ? "expired" : tender.status
  ) as TenderStatus;
}

/**
 * The rate confirmation a tender puts to its carrier, as a PDF: the load, the carrier and the
 * tendered amount, issued when the tender was made. The same tender always renders the same bytes,
 * so its SHA-256 names the document the carrier signed.
 */
export async function tenderRateConfirmation(
  db: Context["db"],
  tender: Tender,
): Promise<{ fileName: string; pdf: Buffer; sha256: string }> {
  const offer = await db.offer.findUniqueOrThrow({
    where: { id: tender.offerId },
    include: {
      load: {
        include: {
          stops: { orderBy: [{ sequence: "asc" }, { id: "asc" }], include: { nassCode: true } },
        },
      },
    },
  });
  const bid = await db.bid.findUnique({ where: { id: tender.bidId } });
  const carrierName =
    (await carrierNameOf(db, tender.carrierId)) ?? bid?.companyName ?? bid?.userName ?? "Carrier";
  const load = offer.load;
  const pdf = await rateConfirmationPdf({
    billNumber: `TENDER-${tender.id}`,
    loadId: load.loadId,
    carrierName,
    amountCents: tender.amountCents,
    pickupDate: load.pickupDate,
    deliveryDate: load.deliveryDate,
    origin: load.originAddress,
    destination: load.destinationAddress,
    commodity: load.commodity,
    weight: load.weight,
    equipment: offer.equipmentType,
    stops: load.stops.map((stop) => ({
      sequence: stop.sequence,
      type: stop.type,
      facility: stop.nassCode
        ? [stop.nassCode.facilityName ?? stop.nassCode.code, stop.nassCode.city, stop.nassCode.state]
            .filter(Boolean)
            .join(", ")
        : "Facility to be confirmed",
    })),
    issuedAt: tender.createdAt,
  });
  return {
    fileName: `rate-confirmation-${load.loadId}.pdf`.replace(/[^\w.-]/g, "_"),
    pdf,
    sha256: createHash("sha256").update(pdf).digest("hex"),
  };
}

/** The refusal for a tender that is no longer pending (or pending past its expiry). */
function notPendingError(tender: Tender, now: Date): ConflictError {
  if (tender.status === "expired" || (tender.status === "pending" && tender.expiresAt <= now)) {
    return new ConflictError(OFFER_MESSAGES.tenderExpired);
  }
  return new ConflictError(OFFER_MESSAGES.tenderDecided);
}

/** A tender the viewer may answer: the carrier side of the load's current tender. */
async function answerableTender(ctx: Context, loadReference: string, operatorsToo: boolean) {
  const viewer = requireViewer(ctx);
  const offer = await offerOfLoad(ctx, loadReference);
  const tender = await ctx.db.tender.findFirst({
    where: { offerId: offer.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!tender) throw new NotFoundError(OFFER_MESSAGES.noTender);
  if (policy.isAdmin(viewer)) {
    if (!operatorsToo) throw new ForbiddenError(OFFER_MESSAGES.tenderAcceptCarrierOnly);
  } else if (!isTenderParty(viewer, await carrierIdOfUser(ctx.db, viewer.id), tender)) {
    throw new ForbiddenError(OFFER_MESSAGES.tenderNotYours);
  }
  return { viewer, offer, tender };
}

const carrierLabel = async (db: Pick<Db, "carrier" | "user">, tender: Tender) =>
  (await carrierNameOf(db, tender.carrierId)) ??
  (await userByIdOrThrow(db, tender.userId).then((user) => user.companyName ?? user.email));

/**
 * The winning carrier accepts the rate confirmation by typing the signer's full name: the tender
 * keeps the e-signature (name, time, client address, the PDF's SHA-256), the signed PDF joins the
 * load's documents, the load's timeline gets "tender accepted" and the operators are told. Only the carrier side signs; a tender expired or
 * already answered is refused (409) and nothing changes.
 */
export async function acceptTender(
  ctx: Context,
  loadReference: string,
  rawInput: unknown,
): Promise<TenderView> {
  const { viewer, offer, tender } = await answerableTender(ctx, loadReference, false);
  const { signature } = parseInput(tenderAcceptInput, rawInput);
  const now = new Date();
  if (tender.status !== "pending" || tender.expiresAt <= now) throw notPendingError(tender, now);
  const { sha256, pdf, fileName } = await tenderRateConfirmation(ctx.db, tender);
  const actor = auditActor(ctx);
  const stored = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.tender.updateMany({
      where: { id: tender.id, status: "pending", expiresAt: { gt: now } },
      data: {
        status: "accepted",
        decidedAt: now,
        decidedById: viewer.id,
        signerName: signature,
        signedAt: now,
        signerIp: actor.ip,
        documentSha256: sha256,
      },
    });
    if (claimed.count === 0) {
      throw notPendingError(await tx.tender.findUniqueOrThrow({ where: { id: tender.id } }), now);
    }
    await recordMilestones(tx, [
      {
        loadDbId: offer.load.id,
        milestone: "tender_accepted",
        source: "user",
        byUserId: viewer.id,
        at: now,
        detail: signature,
      },
    ]);
    // The signed copy goes with the load's documents (operators read it there).
    await fileSignedRateConfirmation(
      tx,
      {
        loadDbId: offer.load.id,
        fileName: fileName.replace(/\.pdf$/, "-signed.pdf"),
        pdf,
        sha256,
        signerId: viewer.id,
      },
      actor,
    );
    await recordAudit(tx, {
      actor,
      action: "offer.tenderAccept",
      entityType: "Offer",
      entityId: offer.id,
      details: { loadId: offer.load.loadId, tenderId: tender.id, signerName: signature, sha256 },
    });
    const name = await carrierLabel(tx, tender);
    return insertNotifications(
      tx,
      ctx.writer.provider,
      (await activeOperatorIds(tx)).map((userId) => ({
        userId,
        title: `Tender accepted: ${offer.load.loadId}`,
        message: `${name} accepted the tender for load ${offer.load.loadId} (${formatCents(tender.amountCents)}), signed by ${signature}.`,
        details: { loadId: offer.load.loadId, offerId: offer.id, tenderId: tender.id },
      })),
    );
  });
  announceNotifications(ctx, stored);
  announceTender(ctx, offer.id);
  announceLoadDocuments(ctx, offer.load.id);
  return {
    tender: await ctx.db.tender.findUniqueOrThrow({ where: { id: tender.id } }),
    loadId: offer.load.loadId,
    offerId: offer.id,
  };
}

/**
 * The carrier side declines with a reason (an operator may decline on the carrier's behalf, e.g.
 * when the carrier phones in): the tender stays, declined, on the carrier's record, and the award
 * passes to the next-best bid or the offer reopens (passAward).
 */
export async function declineTender(
  ctx: Context,
  loadReference: string,
  rawInput: unknown,
): Promise<TenderView> {
  const { viewer, offer, tender } = await answerableTender(ctx, loadReference, true);
  const { reason } = parseInput(tenderDeclineInput, rawInput);
  const now = new Date();
  if (tender.status !== "pending" || tender.expiresAt <= now) throw notPendingError(tender, now);
  const actor = auditActor(ctx);
  const passed = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.tender.updateMany({
      where: { id: tender.id, status: "pending", expiresAt: { gt: now } },
      data: { status: "declined", decidedAt: now, decidedById: viewer.id, declineReason: reason },
    });
    if (claimed.count === 0) {
      throw notPendingError(await tx.tender.findUniqueOrThrow({ where: { id: tender.id } }), now);
    }
    return passAward(
      tx,
      { provider: ctx.writer.provider, config: ctx.config },
      { ...tender, status: "declined" },
      actor,
      {
        cause: "declined",
        reason,
        now,
      },
    );
  });
  announcePassed(ctx, passed);
  return {
    tender: await ctx.db.tender.findUniqueOrThrow({ where: { id: tender.id } }),
    loadId: offer.load.loadId,
    offerId: offer.id,
  };
}

interface PassSettings {
  provider: DbProvider;
  config: Pick<AppConfig, "tenderAcceptMinutes" | "carrierCompliance">;
}

interface PassedAward {
  offerId: string;
  /** The bids whose status changed (the lost winner, the new one): the bidders list re-reads them. */
  bidIds: string[];
  stored: StoredNotification[];
  billId: string | null;
  nextTenderId: string | null;
}

/**
 * After a tender was declined or expired (its row already says so, in `tx`): the award goes to the
 * lowest non-folded bid of another carrier (one that has not declined or let a tender of this
 * offer expire; ties go to the earlier bid). That bid wins, its carrier gets a pending tender with
 * a fresh expiry, the load and the winner bill move to it. With no such bid the offer reopens:
 * active again with a new round of its round length, the load back to no carrier, the bill
 * canceled. The carrier that lost the award and the operators are told either way.
 */
async function passAward(
  tx: Tx,
  settings: PassSettings,
  tender: Tender,
  actor: AuditActor,
  change: { cause: "declined" | "expired"; reason?: string; now: Date },
): Promise<PassedAward> {
  const offer = await tx.offer.findUniqueOrThrow({
    where: { id: tender.offerId },
    include: { load: { select: { id: true, loadId: true, status: true } } },
  });
  const loadId = offer.load.loadId;
  // A cancelled load is not passed on nor reopened: its tender just ends.
  if (offer.load.status === "cancelled")
    return { offerId: offer.id, bidIds: [], stored: [], billId: null, nextTenderId: null };
  await tx.bid.updateMany({ where: { id: tender.bidId, status: "winner" }, data: { status: "loser" } });
  const lapsed = await tx.tender.findMany({
    where: { offerId: offer.id, status: { in: ["declined", "expired"] } },
    select: { userId: true, carrierId: true },
    take: 500,
  });
  const lapsedUsers = [...new Set(lapsed.map((row) => row.userId))];
  const lapsedCarriers = [...new Set(lapsed.flatMap((row) => (row.carrierId ? [row.carrierId] : [])))];
  const candidates = await tx.bid.findMany({
    where: {
      offerId: offer.id,
      status: { in: ["active", "loser"] },
      userId: { notIn: lapsedUsers },
      ...(lapsedCarriers.length > 0
        ? { user: { OR: [{ carrierId: null }, { carrierId: { notIn: lapsedCarriers } }] } }
        : {}),
    },
    orderBy: [{ amountCents: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: 200,
  });
  // Under CARRIER_COMPLIANCE=required the award passes over bidders the gate refuses, as
  // auto-award does (award.ts): the best compliant bid, none -> the offer reopens.
  const allowed = await mayTradeUsers(
    { db: tx, config: settings.config },
    candidates.map((bid) => bid.userId),
  );
  const next = candidates.find((bid) => allowed.has(bid.userId)) ?? null;
  const lostBy = await carrierLabel(tx, tender);
  const verb = change.cause === "declined" ? "declined" : "let expire";
  const rows: NotificationRow[] = [
    {
      userId: tender.userId,
      title: change.cause === "declined" ? `Tender declined: ${loadId}` : `Tender expired: ${loadId}`,
      message:
        change.cause === "declined"
          ? `You declined the tender for load ${loadId}; it was offered to another carrier.`
          : `The tender for load ${loadId} expired before it was accepted; the load was offered to another carrier.`,
      details: { loadId, offerId: offer.id, tenderId: tender.id },
    },
  ];
  let billId: string | null = null;
  let nextTenderId: string | null = null;
  const operators = await activeOperatorIds(tx);
  if (next) {
    await tx.bid.update({ where: { id: next.id }, data: { status: "winner" } });
    await tx.offer.update({ where: { id: offer.id }, data: { winnerBidId: next.id } });
    const load = await assignLoadToWinner(
      tx,
      offer.load.id,
      { userId: next.userId, amountCents: next.amountCents },
      null,
    );
    const winnerUser = await userByIdOrThrow(tx, next.userId);
    const acceptedBy = next.companyName ?? winnerUser.companyName ?? next.userName ?? winnerUser.email;
    const carrierName = (await carrierNameOf(tx, load.carrierId)) ?? acceptedBy;
    const bill = await moveWinnerBill(
      {
        loadId: load.id,
        carrierId: load.carrierId,
        carrierName,
        amountCents: next.amountCents,
        winnerUserId: next.userId,
        actor,
      },
      tx,
    );
    billId = bill.entry.id;
    const created = await createTender(tx, {
      offerId: offer.id,
      bidId: next.id,
      userId: next.userId,
      carrierId: load.carrierId,
      amountCents: next.amountCents,
      now: change.now,
      minutes: settings.config.tenderAcceptMinutes,
    });
    nextTenderId = created.id;
    rows.push(winnerNotification({ offer, loadId }, next, acceptedBy, created, true));
    for (const userId of operators) {
      rows.push({
        userId,
        title: `Tender ${change.cause}: ${loadId}`,
        message: `${lostBy} ${verb} the tender for load ${loadId}${change.reason ? ` (${change.reason})` : ""}; it passed to ${carrierName} at ${formatCents(next.amountCents)}.`,
        details: { loadId, offerId: offer.id, tenderId: created.id },
      });
    }
  } else {
    await tx.offer.update({
      where: { id: offer.id },
      data: {
        status: "active",
        winnerBidId: null,
        finishedAt: null,
        roundNumber: offer.roundNumber + 1,
        roundEndsAt: new Date(change.now.getTime() + offer.roundMinutes * 60_000),
      },
    });
    await releaseLoadFromWinner(tx, offer.load.id);
    billId = await voidWinnerBill(offer.load.id, actor, tx);
    for (const userId of operators) {
      rows.push({
        userId,
        title: `Tender ${change.cause}: ${loadId}`,
        message: `${lostBy} ${verb} the tender for load ${loadId}${change.reason ? ` (${change.reason})` : ""}; no other carrier bid, so the offer reopened for a new ${offer.roundMinutes}-minute round.`,
        details: { loadId, offerId: offer.id },
      });
    }
  }
  await recordAudit(tx, {
    actor,
    action: change.cause === "declined" ? "offer.tenderDecline" : "offer.tenderExpire",
    entityType: "Offer",
    entityId: offer.id,
    details: {
      loadId,
      tenderId: tender.id,
      reason: change.reason ?? null,
      passedToBidId: next?.id ?? null,
      reopened: !next,
    },
  });
  const stored = await insertNotifications(tx, settings.provider, rows);
  return {
    offerId: offer.id,
    bidIds: next ? [tender.bidId, next.id] : [tender.bidId],
    stored,
    billId,
    nextTenderId,
  };
}

function announcePassed(deps: Pick<Deps, "pubsub">, passed: PassedAward): void {
  announceNotifications(deps, passed.stored);
  announceBillChanged(deps, passed.billId);
  announceTender(deps, passed.offerId);
  for (const bidId of passed.bidIds) deps.pubsub.publish(`offer-bids:${passed.offerId}`, { bidId });
}

/** The offer's watchers re-read it (and its tender): both the carrier's and the operator's screens. */
function announceTender(deps: Pick<Deps, "pubsub">, offerId: string): void {
  announceOffer(deps, offerId, "tender");
}

/**
 * Expires each pending tender whose time ran out, once: the claim is a conditional update (only a
 * still-pending, due tender), so several instances sweeping together pass each award on once.
 * Called by the round clock's sweep on every instance.
 */
export async function expireDueTenders(deps: Deps, now = new Date()): Promise<string[]> {
  const due = await deps.db.tender.findMany({
    where: { status: "pending", expiresAt: { lte: now } },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: 100,
  });
  const expired: string[] = [];
  for (const { id } of due) {
    try {
      const passed = await deps.db.$transaction(async (tx) => {
        const claimed = await tx.tender.updateMany({
          where: { id, status: "pending", expiresAt: { lte: now } },
          data: { status: "expired", decidedAt: now },
        });
        if (claimed.count === 0) return null;
        const tender = await tx.tender.findUniqueOrThrow({ where: { id } });
        return passAward(
          tx,
          { provider: deps.writer.provider, config: deps.config },
          tender,
          { id: null, ip: null },
          {
            cause: "expired",
            now,
          },
        );
      });
      if (passed) {
        expired.push(id);
        announcePassed(deps, passed);
      }
    } catch (error) {
      logger.error({ err: error, tenderId: id }, "tender expiry failed");
    }
  }
  return expired;
}

/**
 * Dispatch asks this: a load awarded on the marketplace goes out only once its carrier accepted
 * the tender. An award without a tender (made before tenders existed) is not held back.
 */
export async function assertTenderAccepted(db: Pick<Db, "tender">, offerId: string): Promise<void> {
  const tender = await db.tender.findFirst({
    where: { offerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { status: true },
  });
  if (tender && tender.status !== "accepted") throw new ConflictError(OFFER_MESSAGES.tenderNotAccepted);
}
