import { OFFER_MESSAGES } from "../../common/offers.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { announceCreated, createBillForWinner } from "../billing/operations.ts";
import { carrierNameOf } from "../carriers/lookup.ts";
import { assertCarrierCompliant } from "../compliance/service.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Bid, Offer } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { assignLoadToWinner } from "../loads/service.ts";
import {
  announceNotifications,
  insertNotifications,
  type StoredNotification,
} from "../notifications/service.ts";
import { userByIdOrThrow } from "../users/marketplace-reads.ts";
import { closeOpenCounters } from "./counter-rows.ts";
import { announceOffer } from "./events.ts";
import { findOfferRef } from "./offer-ref.ts";
import { createTender, winnerNotification } from "./tender.ts";
import { winnerInput } from "./validation.ts";

/** The transaction an award runs in. */
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * What a winner confirmation decided, returned from inside its transaction: the hook point for
 * what follows an award (billing creates the carrier's bill from this).
 */
export interface WinnerDecision {
  offerId: string;
  loadDbId: string;
  loadId: string;
  winnerBidId: string;
  winnerUserId: string;
  carrierId: string | null;
  amountCents: number;
  loserUserIds: string[];
  decidedAt: Date;
  /** The operator who confirmed, the carrier who accepted in turn; null when a rule decided. */
  decidedById: string | null;
}

/**
 * Confirms a winner in one transaction: the offer is claimed with a conditional update (only an
 * active offer), so a second or racing confirmation changes nothing and gets 409. The chosen bid
 * becomes winner, every other non-folded bid loser, the load goes to the winning carrier, and the
 * winner and each loser are notified; all or nothing.
 */
export async function confirmWinner(
  ctx: Context,
  offerReference: string,
  rawInput: unknown,
): Promise<WinnerDecision> {
  const admin = requireAdmin(ctx);
  const { bidId } = parseInput(winnerInput, rawInput);
  const offer = await findOfferRef(ctx.db, offerReference);
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.notFound);
  const award = await ctx.db.$transaction((tx) =>
    claimAndAward(tx, ctx, {
      offerId: offer.id,
      bidId,
      actor: auditActor(ctx),
      assignedById: ctx.viewer?.id ?? null,
      decidedById: admin.id,
      decidedAt: new Date(),
      action: "offer.winner",
    }),
  );
  announceAward(ctx, award);
  return award.decision;
}

/** Who decides an award and how the audit names it (an operator's confirmation, a booking, a rule's). */
export interface AwardDecider {
  actor: AuditActor;
  /** Who the load's assignment records (the operator or the booking carrier; null for the server's own rules). */
  assignedById: string | null;
  decidedById: string | null;
  decidedAt: Date;
  action: string;
}

/** An award by ids: the offer is claimed here (confirmWinner, the award rules). */
export interface AwardRequest extends AwardDecider {
  offerId: string;
  bidId: string;
}

/** An award of rows the caller has already claimed (Book Now, an accepted counter-offer). */
export interface ClaimedAward extends AwardDecider {
  offer: Offer;
  bid: Bid;
}

export interface Award {
  decision: WinnerDecision;
  stored: StoredNotification[];
  bill: Awaited<ReturnType<typeof createBillForWinner>>;
}

/**
 * Claims the active offer (a conditional update: a second or racing award changes nothing and gets
 * 409), checks the bid, then awards it; inside the caller's transaction (confirmWinner, the award rules).
 */
export async function claimAndAward(
  tx: Tx,
  deps: Pick<Deps, "writer" | "config">,
  request: AwardRequest,
): Promise<Award> {
  const { offerId, bidId, decidedAt } = request;
  const offer = await tx.offer.findUniqueOrThrow({ where: { id: offerId } });
  const claimed = await tx.offer.updateMany({
    where: { id: offer.id, status: "active" },
    data: { status: "finished", finishedAt: decidedAt },
  });
  if (claimed.count === 0) {
    const current = await tx.offer.findUniqueOrThrow({ where: { id: offer.id } });
    throw new ConflictError(
      current.status === "finished" && current.winnerBidId
        ? OFFER_MESSAGES.alreadyDecided
        : OFFER_MESSAGES.notActive,
    );
  }
  const bid = await tx.bid.findFirst({ where: { id: bidId, offerId: offer.id } });
  if (!bid)
    throw new ValidationError(OFFER_MESSAGES.bidNotFound, [
      { field: "bidId", message: OFFER_MESSAGES.bidNotFound },
    ]);
  if (bid.status === "folded") {
    throw new ValidationError(OFFER_MESSAGES.bidFolded, [
      { field: "bidId", message: OFFER_MESSAGES.bidFolded },
    ]);
  }
  return awardBid(tx, deps, { ...request, offer, bid });
}

/**
 * The award itself, one implementation for Confirm Winner, Book Now, an accepted counter-offer and
 * the award rules: the caller has claimed the offer in `tx`. The bid becomes winner, every other
 * non-folded bid loser, open counter-offers close, the load goes to the winning carrier, the tender
 * is put to it, its bill is created, and the winner and each loser are notified; all in `tx`.
 */
export async function awardBid(
  tx: Tx,
  deps: Pick<Deps, "writer" | "config">,
  request: ClaimedAward,
): Promise<Award> {
  const { offer, bid, decidedAt } = request;
  // CARRIER_COMPLIANCE=required: a non-compliant carrier is not awarded (409, the claim rolls back).
  await assertCarrierCompliant({ db: tx, config: deps.config }, { userId: bid.userId }, "award");
  await tx.bid.update({ where: { id: bid.id }, data: { status: "winner" } });
  await tx.offer.update({ where: { id: offer.id }, data: { winnerBidId: bid.id } });
  await closeOpenCounters(tx, offer.id, decidedAt);
  const losers = await tx.bid.findMany({
    where: { offerId: offer.id, id: { not: bid.id }, status: { not: "folded" } },
    select: { userId: true },
  });
  await tx.bid.updateMany({
    where: { offerId: offer.id, id: { not: bid.id }, status: { not: "folded" } },
    data: { status: "loser" },
  });
  const load = await assignLoadToWinner(
    tx,
    offer.loadId,
    { userId: bid.userId, amountCents: bid.amountCents },
    request.assignedById,
  );
  const winnerUser = await userByIdOrThrow(tx, bid.userId);
  const acceptedBy = bid.companyName ?? winnerUser.companyName ?? bid.userName ?? winnerUser.email;
  const tender = await createTender(tx, {
    offerId: offer.id,
    bidId: bid.id,
    userId: bid.userId,
    carrierId: load.carrierId,
    amountCents: bid.amountCents,
    now: decidedAt,
    minutes: deps.config.tenderAcceptMinutes,
  });
  const stored: StoredNotification[] = await insertNotifications(tx, deps.writer.provider, [
    winnerNotification({ offer, loadId: load.loadId }, bid, acceptedBy, tender),
    ...losers.map((loser) => ({
      userId: loser.userId,
      title: `Bid not accepted: load ${load.loadId}`,
      message: `Load ${load.loadId} was awarded to another carrier. Thank you for bidding.`,
      bidStatus: "loser" as const,
      details: { loadId: load.loadId, offerId: offer.id },
    })),
  ]);
  const bill = await createBillForWinner(
    {
      loadId: load.id,
      carrierId: load.carrierId,
      carrierName: (await carrierNameOf(tx, load.carrierId)) ?? acceptedBy,
      amountCents: bid.amountCents,
      winnerUserId: bid.userId,
      actor: request.actor,
    },
    tx,
  );
  await recordAudit(tx, {
    actor: request.actor,
    action: request.action,
    entityType: "Offer",
    entityId: offer.id,
    details: { loadId: load.loadId, bidId: bid.id, amountCents: bid.amountCents, losers: losers.length },
  });
  const decision: WinnerDecision = {
    offerId: offer.id,
    loadDbId: load.id,
    loadId: load.loadId,
    winnerBidId: bid.id,
    winnerUserId: bid.userId,
    carrierId: load.carrierId,
    amountCents: bid.amountCents,
    loserUserIds: losers.map((loser) => loser.userId),
    decidedAt,
    decidedById: request.decidedById,
  };
  return { decision, stored, bill };
}

/** After the award's transaction committed: the bill, the notifications and the offer's watchers. */
export function announceAward(deps: Pick<Deps, "pubsub">, award: Award): void {
  announceCreated(deps, award.bill);
  announceNotifications(deps, award.stored);
  announceOffer(deps, award.decision.offerId, "finished", award.decision.winnerBidId);
}
