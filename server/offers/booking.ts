import { BOOK_NOW_MESSAGES } from "../../common/booking.ts";
import { auditActor } from "../audit/actor.ts";
import { requireViewer } from "../auth/policy.ts";
import { assertCarrierCompliant } from "../compliance/service.ts";
import type { Context } from "../context.ts";
import { ConflictError, ForbiddenError } from "../errors.ts";
import { createRowId } from "../lib/ids.ts";
import { requireMarketplaceBidder } from "../users/marketplace-access.ts";
import { visibleOfferOrThrow } from "./service.ts";
import { announceAward, awardBid, type WinnerDecision } from "./winner.ts";

/**
 * Book Now: a carrier that may bid on the offer takes it at its Book Now price and wins at once.
 * One transaction claims the offer with a conditional update (active, with a Book Now price, round
 * still open -> finished), so of any number of racing bookings (or a booking racing a winner
 * confirmation or a close) exactly one passes and the others get 409 with nothing changed. The
 * carrier's bid is then set to the price (created when it had none) and awarded the way Confirm
 * Winner awards (winner.ts awardBid): losers, load assignment, tender, bill, notifications.
 */
export async function bookNow(ctx: Context, offerReference: string): Promise<WinnerDecision> {
  const viewer = requireViewer(ctx);
  if (viewer.role === "ADMIN") throw new ForbiddenError(BOOK_NOW_MESSAGES.adminCannotBook);
  const bidder = await requireMarketplaceBidder(ctx, viewer);
  const offer = await visibleOfferOrThrow(ctx, offerReference);
  await assertCarrierCompliant(ctx, { userId: viewer.id }, "book");
  const price = offer.bookNowPriceCents;
  if (price === null) throw new ConflictError(BOOK_NOW_MESSAGES.notOffered);
  // A quick answer for a booking that already lost (no transaction taken); the claim below decides.
  if (offer.status !== "active") throw new ConflictError(refusal(offer));
  const decidedAt = new Date();
  const award = await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.offer.updateMany({
      where: {
        id: offer.id,
        status: "active",
        bookNowPriceCents: price,
        roundEndsAt: { gt: decidedAt },
      },
      data: { status: "finished", finishedAt: decidedAt },
    });
    if (claimed.count === 0) {
      const current = await tx.offer.findUniqueOrThrow({ where: { id: offer.id } });
      throw new ConflictError(current.status === "active" ? BOOK_NOW_MESSAGES.roundClosed : refusal(current));
    }
    const userName = bidder.fullName ?? bidder.email;
    const bid = await tx.bid.upsert({
      where: { offerId_userId: { offerId: offer.id, userId: viewer.id } },
      update: { amountCents: price, status: "active", updatedAt: decidedAt },
      create: {
        id: createRowId(decidedAt.getTime()),
        offerId: offer.id,
        userId: viewer.id,
        amountCents: price,
        userName,
        companyName: bidder.companyName,
        status: "active",
        createdAt: decidedAt,
        updatedAt: decidedAt,
      },
    });
    return awardBid(tx, ctx, {
      offer,
      bid,
      decidedAt,
      decidedById: viewer.id,
      assignedById: viewer.id,
      actor: auditActor(ctx),
      action: "offer.booked",
    });
  });
  announceAward(ctx, award);
  return award.decision;
}

function refusal(offer: { status: string; winnerBidId: string | null }): string {
  return offer.status === "finished" && offer.winnerBidId
    ? BOOK_NOW_MESSAGES.taken
    : BOOK_NOW_MESSAGES.closed;
}
