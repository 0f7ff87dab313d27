import { BOARD_MESSAGES, MAX_NEAR_MILES } from "../../common/offer-board.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin, type Viewer } from "../auth/policy.ts";
import { readableOrThrow } from "../auth/read-policy.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { containsText } from "../db/contains-text.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Offer, Prisma } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { findLoadByLoadId } from "../loads/service.ts";
import { cityPoint, facilityIdsWithin } from "../nass/service.ts";
import {
  announceNotifications,
  insertNotifications,
  notifyEligibleCarriers,
} from "../notifications/service.ts";
import { countRoundClosed } from "../ops/metrics.ts";
import { requireMarketplaceAccess } from "../users/marketplace-access.ts";
import { planWaterfall, saveRulesAtStart } from "./award.ts";
import { offerFieldsFromLoad } from "./copy.ts";
import { announceOffer } from "./events.ts";
import { queueOfferEmails } from "./mail.ts";
import { findOfferRef } from "./offer-ref.ts";
import { carrierOfferWhere, offerReadPolicy } from "./read-policy.ts";
import { nextRoundInput, offerStatusInput, startOfferInput } from "./validation.ts";

export const OFFER_PAGING = { defaultSize: 50, maxSize: 200 };

type OfferQuery = Pick<Prisma.OfferFindManyArgs, "include" | "select">;

/**
 * An offer the viewer may read (offerReadPolicy), by id or loadId. A carrier the marketplace is
 * closed to gets 403 with the reason, as on the lists; an offer it may not see is "not found",
 * as an unknown one.
 */
export async function visibleOfferOrThrow(ctx: Context, reference: string): Promise<Offer> {
  await requireMarketplaceAccess(ctx);
  return readableOrThrow(
    offerReadPolicy,
    ctx,
    await findOfferRef(ctx.db, reference),
    OFFER_MESSAGES.notFound,
  );
}

const offerTitle = (loadId: string) => `New load available: ${loadId}`;

function offerMessage(offer: Offer, loadId: string): string {
  const from = [offer.originCity, offer.originState].filter(Boolean).join(", ") || "origin not given";
  const to =
    [offer.destinationCity, offer.destinationState].filter(Boolean).join(", ") || "destination not given";
  return `Load ${loadId} (${offer.equipmentType}) from ${from} to ${to} is open for bids for ${offer.roundMinutes} minutes.`;
}

/**
 * Starts bidding on a load: the offer copies the load, the round's close time is set by the
 * server, and every eligible carrier is notified in the same transaction (one statement).
 */
export async function startOffer(ctx: Context, rawInput: unknown): Promise<Offer> {
  const admin = requireAdmin(ctx);
  const input = parseInput(startOfferInput, rawInput);
  const load = await findLoadByLoadId(ctx, input.loadId, {
    include: { stops: { include: { nassCode: true } } },
  });
  if (!load) {
    throw new ValidationError("Load not found", [{ field: "loadId", message: "Load not found" }]);
  }
  const fields = offerFieldsFromLoad(load as unknown as Parameters<typeof offerFieldsFromLoad>[0]);
  if (!fields.startDateTime) {
    const message = "The load needs a pickup date before it can go out for bids.";
    throw new ValidationError(message, [{ field: "loadId", message }]);
  }
  const open = await ctx.db.offer.count({ where: { loadId: load.id, status: "active" } });
  if (open > 0) throw new ConflictError(OFFER_MESSAGES.alreadyOpen, "loadId");
  if (load.status === "delivered") throw new ConflictError(OFFER_MESSAGES.loadDelivered, "loadId");
  if (load.status === "cancelled") throw new ConflictError(OFFER_MESSAGES.loadCancelled, "loadId");
  const covered = await ctx.db.offer.count({ where: { loadId: load.id, winnerBidId: { not: null } } });
  if (covered > 0) throw new ConflictError(OFFER_MESSAGES.loadCovered, "loadId");

  const rules = input.awardRules ?? null;
  const plan = rules ? await planWaterfall(ctx, rules, fields, input.targetRate) : null;
  const provider = providerOf(ctx.config.databaseUrl);
  const now = Date.now();
  let result: { offer: Offer; notified: { id: string; userId: string }[] };
  try {
    result = await ctx.db.$transaction(async (tx) => {
      const offer = await tx.offer.create({
        data: {
          loadId: load.id,
          ...fields,
          startDateTime: fields.startDateTime as Date,
          equipmentType: input.equipmentType,
          roundMinutes: input.roundMinutes,
          // A waterfall runs first in round 0: closed to bids, seen by the carrier in turn only.
          ...(plan
            ? { roundNumber: 0, roundEndsAt: new Date(now) }
            : { roundEndsAt: new Date(now + input.roundMinutes * 60_000) }),
          targetRateCents: input.targetRate ?? null,
          bookNowPriceCents: input.bookNowPrice ?? null,
          startedById: admin.id,
        },
      });
      const states = [offer.originState, offer.destinationState].filter((state): state is string => !!state);
      const turn = rules ? await saveRulesAtStart(tx, offer, load.loadId, rules, plan, new Date(now)) : [];
      const notified = plan
        ? await insertNotifications(tx, provider, turn)
        : await notifyEligibleCarriers(
            tx,
            provider,
            { states },
            {
              title: offerTitle(load.loadId),
              message: offerMessage(offer, load.loadId),
              details: { loadId: load.loadId, offerId: offer.id },
            },
          );
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "offer.start",
        entityType: "Offer",
        entityId: offer.id,
        details: {
          loadId: load.loadId,
          roundMinutes: input.roundMinutes,
          notified: notified.length,
          awardRule: rules?.mode ?? "none",
        },
      });
      if (!plan)
        await queueOfferEmails(tx, notified, offerTitle(load.loadId), offerMessage(offer, load.loadId));
      return { offer, notified };
    });
  } catch (error) {
    // Two operators starting the same load at once: the partial unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(OFFER_MESSAGES.alreadyOpen, "loadId");
    throw error;
  }
  announceNotifications(ctx, result.notified);
  announceOffer(ctx, result.offer.id, plan ? "waterfall" : "started");
  ctx.mailOutbox.wake();
  return result.offer;
}

/** A new round on an offer whose round ended without a winner; bids carry over. */
export async function startNextRound(ctx: Context, reference: string, rawInput: unknown): Promise<Offer> {
  requireAdmin(ctx);
  const { roundMinutes } = parseInput(nextRoundInput, rawInput ?? {});
  const offer = await findOfferRef(ctx.db, reference);
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.notFound);
  const now = new Date();
  const moved = await ctx.db.offer.updateMany({
    where: { id: offer.id, status: "active", roundEndsAt: { lte: now }, roundNumber: offer.roundNumber },
    data: {
      roundNumber: offer.roundNumber + 1,
      roundMinutes,
      roundEndsAt: new Date(now.getTime() + roundMinutes * 60_000),
    },
  });
  if (moved.count === 0) {
    const current = await ctx.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
    throw new ConflictError(
      current.status !== "active" ? OFFER_MESSAGES.notActive : OFFER_MESSAGES.roundRunning,
    );
  }
  await recordAudit(ctx.db, {
    actor: auditActor(ctx),
    action: "offer.nextRound",
    entityType: "Offer",
    entityId: offer.id,
    details: { roundNumber: offer.roundNumber + 1, roundMinutes },
  });
  announceOffer(ctx, offer.id, "roundStarted");
  return ctx.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
}

/**
 * PATCH /offers/{id}/status. 'active' keeps an active offer as it is; 'finished' closes it
 * without a winner (use the winner confirmation to award it); 'cancelled' withdraws it. Both tell
 * the bidders. A closed offer does not reopen: start a new offer on the load instead.
 */
export async function setOfferStatus(ctx: Context, reference: string, rawInput: unknown): Promise<Offer> {
  requireAdmin(ctx);
  const { status } = parseInput(offerStatusInput, rawInput);
  const offer = await findOfferRef(ctx.db, reference, { include: { load: { select: { loadId: true } } } });
  if (!offer) throw new NotFoundError(OFFER_MESSAGES.notFound);
  if (status === "active") {
    if (offer.status !== "active") throw new ConflictError(OFFER_MESSAGES.notActive, "status");
    return offer;
  }
  const loadId = (offer as Offer & { load: { loadId: string } }).load.loadId;
  const stored = await ctx.db.$transaction(async (tx) => {
    const closed = await tx.offer.updateMany({
      where: { id: offer.id, status: "active" },
      data: { status, finishedAt: new Date() },
    });
    if (closed.count === 0) throw new ConflictError(OFFER_MESSAGES.notActive, "status");
    const bidders = await tx.bid.findMany({
      where: { offerId: offer.id, status: "active" },
      select: { userId: true },
    });
    if (status === "finished") {
      await tx.bid.updateMany({ where: { offerId: offer.id, status: "active" }, data: { status: "loser" } });
    }
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: `offer.${status}`,
      entityType: "Offer",
      entityId: offer.id,
      details: { loadId, bidders: bidders.length },
    });
    return insertNotifications(
      tx,
      ctx.writer.provider,
      bidders.map((bidder) => ({
        userId: bidder.userId,
        title: status === "cancelled" ? `Offer cancelled: ${loadId}` : `Bidding closed: ${loadId}`,
        message:
          status === "cancelled"
            ? `Bidding on load ${loadId} was cancelled by the operator.`
            : `Bidding on load ${loadId} closed without an award to you.`,
        bidStatus: status === "finished" ? "loser" : null,
        details: { loadId, offerId: offer.id },
      })),
    );
  });
  announceNotifications(ctx, stored);
  announceOffer(ctx, offer.id, status === "cancelled" ? "cancelled" : "finished");
  return ctx.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
}

export type OfferListScope = "active" | "history" | "wins";
export type OfferSortField = "startDateTime" | "roundEndsAt" | "bestOffer" | "createdAt" | "finishedAt";

export interface OfferListRequest {
  scope: OfferListScope;
  search?: string | null;
  originState?: string | null;
  destinationState?: string | null;
  equipmentType?: string | null;
  /** Offers whose pickup facility lies within `miles` of the city (its located facilities' mean point). */
  near?: { city: string; state: string; miles: number } | null;
  sort?: { field: OfferSortField; direction: "asc" | "desc" } | null;
  paging: OffsetPageArgs;
}

async function scopeWhere(
  ctx: Context,
  viewer: Viewer,
  scope: OfferListScope,
): Promise<Prisma.OfferWhereInput> {
  if (scope === "active") {
    // A carrier's board shows what it can still bid on: an offer whose round is over leaves it
    // (operators keep seeing it to confirm a winner or start another round; a new round brings it back).
    return viewer.role === "ADMIN"
      ? { status: "active" }
      : {
          AND: [
            // Round 0 is a waterfall turn: its clock is the turn's, not the round's.
            { status: "active", OR: [{ roundEndsAt: { gt: new Date() } }, { roundNumber: 0 }] },
            await carrierOfferWhere(ctx, viewer),
          ],
        };
  }
  if (scope === "history") {
    requireAdmin(ctx);
    return { status: { in: ["finished", "cancelled"] } };
  }
  return { status: "finished", winnerBid: { userId: viewer.id } };
}

/** "Within N miles of a city": the offers whose load's pickup is at a facility that near. */
async function nearWhere(
  ctx: Context,
  near: NonNullable<OfferListRequest["near"]>,
): Promise<Prisma.OfferWhereInput> {
  if (!Number.isInteger(near.miles) || near.miles < 1 || near.miles > MAX_NEAR_MILES) {
    throw new ValidationError(BOARD_MESSAGES.milesRange, [
      { field: "near.miles", message: BOARD_MESSAGES.milesRange },
    ]);
  }
  const point = await cityPoint(ctx.db, near);
  if (!point) {
    throw new ValidationError(BOARD_MESSAGES.unknownCity, [
      { field: "near.city", message: BOARD_MESSAGES.unknownCity },
    ]);
  }
  const facilities = await facilityIdsWithin(ctx.db, point, near.miles);
  return { load: { stops: { some: { type: "pickup", nassCodeId: { in: facilities } } } } };
}

const NULLABLE_SORTS = new Set<OfferSortField>(["bestOffer", "finishedAt"]);

const SORT_COLUMN: Record<OfferSortField, keyof Prisma.OfferOrderByWithRelationInput> = {
  startDateTime: "startDateTime",
  roundEndsAt: "roundEndsAt",
  bestOffer: "bestBidCents",
  createdAt: "createdAt",
  finishedAt: "finishedAt",
};

/**
 * The offer lists (active offers, history logs, history wins): search in the load id and the
 * cities, filters, sort, numbered pages; two queries whatever the page size.
 */
export async function findOfferPage(
  ctx: Context,
  request: OfferListRequest,
  query: OfferQuery = {},
): Promise<OffsetConnection<Offer>> {
  const viewer = await requireMarketplaceAccess(ctx);
  const provider = providerOf(ctx.config.databaseUrl);
  const search = request.search?.trim();
  const contains = (value: string) => containsText(provider, value);
  const where: Prisma.OfferWhereInput = {
    AND: [
      await scopeWhere(ctx, viewer, request.scope),
      search
        ? {
            OR: [
              { load: { loadId: contains(search) } },
              { originCity: contains(search) },
              { destinationCity: contains(search) },
            ],
          }
        : {},
      request.originState ? { originState: request.originState.toUpperCase() } : {},
      request.destinationState ? { destinationState: request.destinationState.toUpperCase() } : {},
      request.equipmentType ? { equipmentType: request.equipmentType } : {},
      request.near ? await nearWhere(ctx, request.near) : {},
    ],
  };
  const defaultSort: OfferListRequest["sort"] =
    request.scope === "active"
      ? { field: "roundEndsAt", direction: "asc" }
      : { field: "finishedAt", direction: "desc" };
  const sort = request.sort ?? defaultSort;
  const orderBy: Prisma.OfferOrderByWithRelationInput[] = [
    {
      [SORT_COLUMN[sort.field]]: NULLABLE_SORTS.has(sort.field)
        ? { sort: sort.direction, nulls: "last" }
        : sort.direction,
    },
    { id: "asc" },
  ];
  return numberedPage(
    request.paging,
    OFFER_PAGING,
    () => ctx.db.offer.count({ where }),
    async ({ skip, take }) =>
      (await ctx.db.offer.findMany({ ...(query as object), where, orderBy, skip, take })) as Offer[],
  );
}

/**
 * Announces each round that closed since the last look, once: the close is derived from the
 * clock, and the one-time announcement is claimed with a conditional update (closedRound), so
 * several instances sweeping together announce it once, and an instance that was down catches
 * up on its next sweep.
 */
export async function closeDueRounds(deps: Deps, now = new Date()): Promise<string[]> {
  const due = await deps.db.offer.findMany({
    where: {
      status: "active",
      roundEndsAt: { lte: now },
      closedRound: { lt: deps.db.offer.fields.roundNumber },
    },
    select: { id: true, roundNumber: true, closedRound: true },
    orderBy: { roundEndsAt: "asc" },
    take: 500,
  });
  const closed: string[] = [];
  for (const offer of due) {
    if (offer.closedRound >= offer.roundNumber) continue;
    const claimed = await deps.db.offer.updateMany({
      where: { id: offer.id, roundNumber: offer.roundNumber, closedRound: { lt: offer.roundNumber } },
      data: { closedRound: offer.roundNumber },
    });
    if (claimed.count === 1) {
      closed.push(offer.id);
      countRoundClosed();
      announceOffer(deps, offer.id, "roundClosed");
    }
  }
  return closed;
}
