import { OFFER_MESSAGES } from "../../common/offers.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { announceCreated, createBillForWinner } from "../billing/operations.ts";
import { carrierNameOf } from "../carriers/lookup.ts";
import type { Context } from "../context.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { parseInput } from "../lib/validate.ts";
import { assignLoadToWinner } from "../loads/service.ts";
import {
  announceNotifications,
  insertNotifications,
  type StoredNotification,
} from "../notifications/service.ts";
import { userByIdOrThrow } from "../users/marketplace-reads.ts";
import { announceOffer } from "./events.ts";
import { findOfferRef } from "./service.ts";
import { createTender, winnerNotification } from "./tender.ts";
import { winnerInput } from "./validation.ts";

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
  decidedById: string;
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
  const decidedAt = new Date();
  const { decision, stored, bill } = await ctx.db.$transaction(async (tx) => {
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
    await tx.bid.update({ where: { id: bid.id }, data: { status: "winner" } });
    await tx.offer.update({ where: { id: offer.id }, data: { winnerBidId: bid.id } });
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
      ctx.viewer?.id ?? null,
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
      minutes: ctx.config.tenderAcceptMinutes,
    });
    const stored: StoredNotification[] = await insertNotifications(tx, ctx.writer.provider, [
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
        actor: auditActor(ctx),
      },
      tx,
    );
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "offer.winner",
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
      decidedById: admin.id,
    };
    return { decision, stored, bill };
  });
  announceCreated(ctx, bill);
  announceNotifications(ctx, stored);
  announceOffer(ctx, offer.id, "finished", decision.winnerBidId);
  return decision;
}
