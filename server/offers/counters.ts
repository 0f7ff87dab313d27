import { COUNTER_MESSAGES } from "../../common/booking.ts";
import { formatCents } from "../../common/money.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin, requireViewer } from "../auth/policy.ts";
import { assertCarrierCompliant } from "../compliance/service.ts";
import type { Context } from "../context.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import type { Bid, BidCounter } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { announceNotifications, insertNotifications } from "../notifications/service.ts";
import { requireMarketplaceBidder } from "../users/marketplace-access.ts";
import { counterInput } from "./counter-validation.ts";
import { announceOffer } from "./events.ts";
import { announceAward, awardBid, type WinnerDecision } from "./winner.ts";

/**
 * Counter-offers (issue #29): an operator counters a carrier's active bid with an amount and a
 * note; the carrier accepts (its bid takes the amount and wins, the award of winner.ts), declines,
 * or bids again (the bid store marks the counter superseded). One open counter per bid, open for
 * COUNTER_OFFER_MINUTES. Every step is audited on the offer and notified to the other side.
 */

export type CounterStatusView = BidCounter["status"];

/** A counter's state as shown: an open one past its expiry reads as expired. */
export function counterStatus(counter: Pick<BidCounter, "status" | "expiresAt">, now = new Date()): string {
  return counter.status === "open" && counter.expiresAt <= now ? "expired" : counter.status;
}

async function loadIdOf(ctx: Context, offerId: string): Promise<string> {
  const offer = await ctx.db.offer.findUniqueOrThrow({
    where: { id: offerId },
    select: { load: { select: { loadId: true } } },
  });
  return offer.load.loadId;
}

/** The newest counter of a bid (open or not), or null: Bid.counter and the REST answers. */
export function latestCounter(ctx: Context, bidId: string): Promise<BidCounter | null> {
  return ctx.db.bidCounter.findFirst({ where: { bidId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/**
 * The operator counters a bid. The bid row is locked by a conditional update (only an active bid
 * on an active offer), so two racing counters on one bid serialize and the second sees the first's
 * open counter: 409.
 */
export async function counterBid(ctx: Context, bidId: string, rawInput: unknown): Promise<BidCounter> {
  const admin = requireAdmin(ctx);
  const input = parseInput(counterInput, rawInput);
  const bid = await ctx.db.bid.findUnique({ where: { id: bidId } });
  if (!bid) throw new NotFoundError(COUNTER_MESSAGES.bidNotFound);
  const loadId = await loadIdOf(ctx, bid.offerId);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ctx.config.counterOfferMinutes * 60_000);
  const { counter, stored } = await ctx.db.$transaction(async (tx) => {
    const offer = await tx.offer.findUniqueOrThrow({ where: { id: bid.offerId } });
    const locked = await tx.bid.updateMany({
      where: { id: bid.id, status: "active" },
      data: { status: "active" },
    });
    if (locked.count === 0 || offer.status !== "active")
      throw new ConflictError(COUNTER_MESSAGES.bidNotActive);
    // An open counter past its time is expired for good before the next one opens.
    await tx.bidCounter.updateMany({
      where: { bidId: bid.id, status: "open", expiresAt: { lte: now } },
      data: { status: "expired", decidedAt: now },
    });
    const open = await tx.bidCounter.count({ where: { bidId: bid.id, status: "open" } });
    if (open > 0) throw new ConflictError(COUNTER_MESSAGES.alreadyOpen);
    const counter = await tx.bidCounter.create({
      data: {
        bidId: bid.id,
        offerId: bid.offerId,
        amountCents: input.amount,
        note: input.note,
        status: "open",
        expiresAt,
        createdById: admin.id,
        createdAt: now,
      },
    });
    const stored = await insertNotifications(tx, ctx.writer.provider, [
      {
        userId: bid.userId,
        title: `Counter-offer on load ${loadId}`,
        message:
          `The operator countered your bid of ${formatCents(bid.amountCents)} with ${formatCents(input.amount)}` +
          `${input.note ? `: ${input.note}` : "."} Accept or decline it in Active Offers within ${ctx.config.counterOfferMinutes} minutes.`,
        details: {
          loadId,
          offerId: bid.offerId,
          bidId: bid.id,
          counterId: counter.id,
          counterAmount: input.amount / 100,
        },
      },
    ]);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "bid.counter",
      entityType: "Offer",
      entityId: bid.offerId,
      details: {
        loadId,
        bidId: bid.id,
        bidAmountCents: bid.amountCents,
        amountCents: input.amount,
        note: input.note,
      },
    });
    return { counter, stored };
  });
  announceNotifications(ctx, stored);
  announceOffer(ctx, bid.offerId, "bid", bid.id);
  return counter;
}

/** The bid the viewer answers a counter on: its own, else "not found" (as an unknown bid). */
async function ownBidOrThrow(ctx: Context, bidId: string): Promise<Bid> {
  const viewer = requireViewer(ctx);
  if (viewer.role === "ADMIN") throw new ForbiddenError(COUNTER_MESSAGES.notYours);
  const bid = await ctx.db.bid.findUnique({ where: { id: bidId } });
  if (!bid || bid.userId !== viewer.id) throw new NotFoundError(COUNTER_MESSAGES.bidNotFound);
  await requireMarketplaceBidder(ctx, viewer);
  return bid;
}

async function openCounterOrThrow(
  ctx: Context,
  bid: Bid,
  now: Date,
  answer: "accept" | "decline",
): Promise<BidCounter> {
  const counter = await latestCounter(ctx, bid.id);
  if (counter?.status !== "open") {
    throw new ConflictError(
      answer === "accept" ? await whyNotAcceptable(ctx, bid, counter) : COUNTER_MESSAGES.notOpen,
    );
  }
  if (counter.expiresAt <= now) throw new ConflictError(COUNTER_MESSAGES.expired);
  return counter;
}

/**
 * Accepting a counter closed with its offer (an award, a Book Now, the round's auto-award) is told
 * the offer closed; one closed because its bid folded, or never made, has no open counter-offer.
 */
async function whyNotAcceptable(ctx: Context, bid: Bid, counter: BidCounter | null): Promise<string> {
  if (counter?.status !== "closed") return COUNTER_MESSAGES.notOpen;
  const offer = await ctx.db.offer.findUnique({ where: { id: bid.offerId }, select: { status: true } });
  return offer && offer.status !== "active" ? COUNTER_MESSAGES.offerClosed : COUNTER_MESSAGES.notOpen;
}

/** Claims the open counter (open and not expired at `now`) in `tx`; 409 when another answer won. */
async function claimCounter(
  tx: Parameters<Parameters<Context["db"]["$transaction"]>[0]>[0],
  counterId: string,
  status: "accepted" | "declined",
  now: Date,
): Promise<void> {
  const claimed = await tx.bidCounter.updateMany({
    where: { id: counterId, status: "open", expiresAt: { gt: now } },
    data: { status, decidedAt: now },
  });
  if (claimed.count === 0) {
    const current = await tx.bidCounter.findUniqueOrThrow({ where: { id: counterId } });
    throw new ConflictError(
      counterStatus(current, now) === "expired" ? COUNTER_MESSAGES.expired : COUNTER_MESSAGES.notOpen,
    );
  }
}

/**
 * The carrier accepts the counter on its bid: in one transaction the offer is claimed (active ->
 * finished, the same conditional update as Confirm Winner), then the counter (open, not expired), so a racing close,
 * confirmation, booking or second answer leaves exactly one outcome. The bid takes the counter's
 * amount and wins through winner.ts' award (tender, bill, notifications).
 */
export async function acceptCounter(ctx: Context, bidId: string): Promise<WinnerDecision> {
  const bid = await ownBidOrThrow(ctx, bidId);
  const now = new Date();
  const counter = await openCounterOrThrow(ctx, bid, now, "accept");
  await assertCarrierCompliant(ctx, { userId: bid.userId }, "book");
  const award = await ctx.db.$transaction(async (tx) => {
    // The offer first, then the counter: the order every award takes its rows in (no deadlock).
    const claimed = await tx.offer.updateMany({
      where: { id: bid.offerId, status: "active" },
      data: { status: "finished", finishedAt: now },
    });
    if (claimed.count === 0) throw new ConflictError(COUNTER_MESSAGES.offerClosed);
    await claimCounter(tx, counter.id, "accepted", now);
    const offer = await tx.offer.findUniqueOrThrow({ where: { id: bid.offerId } });
    const moved = await tx.bid.updateMany({
      where: { id: bid.id, status: "active" },
      data: { amountCents: counter.amountCents, updatedAt: now },
    });
    if (moved.count === 0) throw new ConflictError(COUNTER_MESSAGES.notOpen);
    const accepted = await tx.bid.findUniqueOrThrow({ where: { id: bid.id } });
    const award = await awardBid(tx, ctx, {
      offer,
      bid: accepted,
      decidedAt: now,
      decidedById: bid.userId,
      assignedById: ctx.viewer?.id ?? null,
      actor: auditActor(ctx),
      action: "bid.counterAccepted",
    });
    if (counter.createdById) {
      award.stored.push(
        ...(await insertNotifications(tx, ctx.writer.provider, [
          {
            userId: counter.createdById,
            title: `Counter-offer accepted: load ${award.decision.loadId}`,
            message: `${accepted.companyName ?? accepted.userName ?? "The carrier"} accepted your counter of ${formatCents(counter.amountCents)} on load ${award.decision.loadId}; the tender is out to them.`,
            details: {
              loadId: award.decision.loadId,
              offerId: bid.offerId,
              bidId: bid.id,
              counterId: counter.id,
            },
          },
        ])),
      );
    }
    return award;
  });
  announceAward(ctx, award);
  return award.decision;
}

/** The carrier declines the counter on its bid; its bid stays as it was. The operator is told. */
export async function declineCounter(ctx: Context, bidId: string): Promise<BidCounter> {
  const bid = await ownBidOrThrow(ctx, bidId);
  const now = new Date();
  const counter = await openCounterOrThrow(ctx, bid, now, "decline");
  const loadId = await loadIdOf(ctx, bid.offerId);
  const stored = await ctx.db.$transaction(async (tx) => {
    await claimCounter(tx, counter.id, "declined", now);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "bid.counterDeclined",
      entityType: "Offer",
      entityId: bid.offerId,
      details: { loadId, bidId: bid.id, amountCents: counter.amountCents },
    });
    return counter.createdById
      ? insertNotifications(tx, ctx.writer.provider, [
          {
            userId: counter.createdById,
            title: `Counter-offer declined: load ${loadId}`,
            message: `${bid.companyName ?? bid.userName ?? "The carrier"} declined your counter of ${formatCents(counter.amountCents)} on load ${loadId}; their bid of ${formatCents(bid.amountCents)} stands.`,
            details: { loadId, offerId: bid.offerId, bidId: bid.id, counterId: counter.id },
          },
        ])
      : [];
  });
  announceNotifications(ctx, stored);
  announceOffer(ctx, bid.offerId, "bid", bid.id);
  return ctx.db.bidCounter.findUniqueOrThrow({ where: { id: counter.id } });
}
