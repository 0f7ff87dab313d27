import { BID_MESSAGES, bidderRating, OFFER_MESSAGES, statesNamedIn } from "../../../common/offers.ts";
import { requireAdmin, requireViewer } from "../../auth/policy.ts";
import { readableOrThrow } from "../../auth/read-policy.ts";
import { assertCarrierCompliant } from "../../compliance/service.ts";
import type { Context } from "../../context.ts";
import { createSqlGroupCommit, type SqlGroupCommit } from "../../db/group-commit.ts";
import type { Deps } from "../../deps.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Bid, Prisma } from "../../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../../lib/paging.ts";
import { parseInput } from "../../lib/validate.ts";
import { announceNotifications } from "../../notifications/service.ts";
import { countBidPlaced } from "../../ops/metrics.ts";
import { requireMarketplaceAccess, requireMarketplaceBidder } from "../../users/marketplace-access.ts";
import { userReadPolicy } from "../../users/read-policy.ts";
import { findUser, USER_NOT_FOUND } from "../../users/service.ts";
import { announceBids, announceOffer } from "../events.ts";
import { visibleOfferOrThrow } from "../service.ts";
import { confirmWinner } from "../winner.ts";
import { type BidJob, type BidOutcome, foldBidWork, placeBidsWork } from "./store.ts";
import { bidStatusInput, placeBidInput } from "./validation.ts";

export const BIDDER_PAGING = { defaultSize: 50, maxSize: 200 };

function refuseClosed(deps: Pick<Deps, "db">, offerId: string): Promise<never> {
  return deps.db.offer.findUniqueOrThrow({ where: { id: offerId } }).then((offer) => {
    throw new ConflictError(offer.status === "active" ? BID_MESSAGES.roundClosed : BID_MESSAGES.offerClosed);
  });
}

export interface PlacedBid {
  bid: Bid;
  created: boolean;
  message: string;
}

/** Bids sharing one transaction at most; a group of 128 bids holds the write lock a few milliseconds. */
const MAX_BIDS_PER_COMMIT = 128;
const bidQueues = new WeakMap<Deps["writer"], SqlGroupCommit<BidJob, BidOutcome>>();

function bidQueue(deps: Pick<Deps, "writer" | "pubsub">): SqlGroupCommit<BidJob, BidOutcome> {
  let queue = bidQueues.get(deps.writer);
  if (!queue) {
    queue = createSqlGroupCommit<BidJob, BidOutcome>(deps.writer, {
      maxJobs: MAX_BIDS_PER_COMMIT,
      work: (db, jobs) => placeBidsWork(db, jobs),
      afterCommit: (_jobs, outcomes) => {
        const byOffer = new Map<string, string[]>();
        for (const outcome of outcomes) {
          if (outcome.kind !== "placed") continue;
          const bids = byOffer.get(outcome.bid.offerId) ?? [];
          bids.push(outcome.bid.id);
          byOffer.set(outcome.bid.offerId, bids);
        }
        for (const [offerId, bidIds] of byOffer) announceBids(deps, offerId, bidIds);
      },
    });
    bidQueues.set(deps.writer, queue);
  }
  return queue;
}

/**
 * A carrier places its bid on an offer or improves it (one bid per carrier per offer). The
 * server's clock decides whether the round is open; the best offer is recomputed in the same
 * transaction. Concurrent bids share one transaction (group commit) on a connection kept open,
 * and the offer's watchers hear once per group.
 */
export async function placeBid(ctx: Context, rawInput: unknown): Promise<PlacedBid> {
  const viewer = requireViewer(ctx);
  if (viewer.role === "ADMIN") throw new ForbiddenError(BID_MESSAGES.adminCannotBid);
  const bidder = await requireMarketplaceBidder(ctx, viewer);
  const input = parseInput(placeBidInput, rawInput);
  await assertCarrierCompliant(ctx, { userId: viewer.id }, "bid");
  const outcome = await bidQueue(ctx).submit({
    offerReference: input.offerId,
    userId: viewer.id,
    states: statesNamedIn(bidder.areasOfOperation),
    amountCents: input.amount,
    userName: input.userName ?? bidder.fullName ?? bidder.email,
    companyName: input.companyName ?? bidder.companyName,
  });
  if (outcome.kind === "notFound") throw new NotFoundError(OFFER_MESSAGES.notFound);
  if (outcome.kind === "closed") {
    throw new ConflictError(
      outcome.offerStatus === "active" ? BID_MESSAGES.roundClosed : BID_MESSAGES.offerClosed,
    );
  }
  countBidPlaced(outcome.created);
  return {
    bid: outcome.bid,
    created: outcome.created,
    message: outcome.created ? BID_MESSAGES.created : BID_MESSAGES.updated,
  };
}

/**
 * The carrier folds: its bid becomes `folded` and it is told so (bell, bidStatus folded), the
 * notification stored in the fold's own transaction (the writer's, as every bid write).
 */
export async function foldBid(ctx: Context, offerReference: string): Promise<Bid> {
  const viewer = await requireMarketplaceAccess(ctx);
  if (viewer.role === "ADMIN") throw new ForbiddenError(BID_MESSAGES.adminCannotBid);
  const offer = await visibleOfferOrThrow(ctx, offerReference);
  const { load } = await ctx.db.offer.findUniqueOrThrow({
    where: { id: offer.id },
    select: { load: { select: { loadId: true } } },
  });
  const outcome = await ctx.writer.transaction((db) =>
    foldBidWork(db, offer.id, viewer.id, (bid) => ({
      userId: viewer.id,
      title: `You folded on load ${load.loadId}`,
      message: `Your bid on load ${load.loadId} was withdrawn.`,
      bidStatus: "folded",
      details: { loadId: load.loadId, offerId: offer.id, bidAmount: bid.amountCents / 100 },
    })),
  );
  if (outcome.kind === "closed") return refuseClosed(ctx, offer.id);
  if (outcome.kind === "missing") throw new NotFoundError("You have no active bid on this offer.");
  announceNotifications(ctx, outcome.notifications);
  announceOffer(ctx, offer.id, "bid", outcome.bid.id);
  return outcome.bid;
}

/** The viewer's own bid on an offer, or null. */
export async function viewerBid(ctx: Context, offerReference: string): Promise<Bid | null> {
  const viewer = requireViewer(ctx);
  const offer = await visibleOfferOrThrow(ctx, offerReference);
  return ctx.db.bid.findUnique({ where: { offerId_userId: { offerId: offer.id, userId: viewer.id } } });
}

/** The best (lowest) active bid of an offer, or null. */
export async function bestBid(ctx: Context, offerReference: string): Promise<Bid | null> {
  const offer = await visibleOfferOrThrow(ctx, offerReference);
  return ctx.db.bid.findFirst({
    where: { offerId: offer.id, status: { in: ["active", "winner"] } },
    orderBy: [{ amountCents: "asc" }, { updatedAt: "asc" }],
  });
}

type BidQuery = Pick<Prisma.BidFindManyArgs, "include" | "select">;

/** The bidders of an offer (admins), lowest bid first, 50 a page. */
export async function findBidderPage(
  ctx: Context,
  offerReference: string | null,
  paging: OffsetPageArgs,
  query: BidQuery = {},
): Promise<OffsetConnection<Bid>> {
  requireAdmin(ctx);
  // null: no offer at all, an empty page.
  const offer = offerReference === null ? null : await visibleOfferOrThrow(ctx, offerReference);
  const where = { offerId: offer?.id ?? "" };
  return numberedPage(
    paging,
    BIDDER_PAGING,
    () => ctx.db.bid.count({ where }),
    async ({ skip, take }) =>
      (await ctx.db.bid.findMany({
        ...(query as object),
        where,
        orderBy: [{ amountCents: "asc" }, { updatedAt: "asc" }, { id: "asc" }],
        skip,
        take,
      })) as Bid[],
  );
}

export interface BidderStats {
  wins: number;
  losses: number;
  rating: number | null;
}

/** Wins, losses and rating of many carriers in one query. */
export async function bidderStats(db: Context["db"], userIds: readonly string[]): Promise<BidderStats[]> {
  const grouped = await db.bid.groupBy({
    by: ["userId", "status"],
    where: { userId: { in: [...new Set(userIds)] }, status: { in: ["winner", "loser"] } },
    _count: { _all: true },
  });
  const count = (userId: string, status: string) =>
    grouped.find((row) => row.userId === userId && row.status === status)?._count._all ?? 0;
  return userIds.map((userId) => {
    const wins = count(userId, "winner");
    const losses = count(userId, "loser");
    return { wins, losses, rating: bidderRating(wins, losses) };
  });
}

/**
 * GET /bids/user-wins-losses/{id}: a carrier's record, read under the user's read policy (itself
 * or an admin); anyone else's answers as an unknown user's.
 */
export async function userWinsLosses(
  ctx: Context,
  userReference: string,
): Promise<BidderStats & { userId: string }> {
  requireViewer(ctx);
  const user = await readableOrThrow(
    userReadPolicy,
    ctx,
    await findUser(ctx.db, userReference),
    USER_NOT_FOUND,
  );
  const [stats] = await bidderStats(ctx.db, [user.id]);
  return { userId: user.userId, ...stats };
}

/**
 * PATCH /bids/user-bid/{id}/status, through the same rules as the screens: 'winner' is the
 * winner confirmation (admins), 'folded' is the bid's carrier folding; 'loser' and 'active' are
 * only ever set by those operations and are refused here.
 */
export async function setBidStatus(ctx: Context, bidId: string, rawInput: unknown): Promise<Bid> {
  const viewer = requireViewer(ctx);
  const { status } = parseInput(bidStatusInput, rawInput);
  const bid = await ctx.db.bid.findUnique({ where: { id: bidId } });
  if (!bid || (viewer.role !== "ADMIN" && bid.userId !== viewer.id))
    throw new NotFoundError(OFFER_MESSAGES.bidNotFound);
  if (status === "winner") {
    await confirmWinner(ctx, bid.offerId, { bidId: bid.id });
  } else if (status === "folded") {
    if (bid.userId !== viewer.id) throw new ForbiddenError("Only the bidding carrier can fold its bid.");
    await foldBid(ctx, bid.offerId);
  } else {
    const message = "A bid becomes loser or active only through a winner confirmation or a new bid.";
    throw new ValidationError(message, [{ field: "status", message }]);
  }
  return ctx.db.bid.findUniqueOrThrow({ where: { id: bid.id } });
}
