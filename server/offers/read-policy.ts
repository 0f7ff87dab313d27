import { statesNamedIn } from "../../common/offers.ts";
import type { Viewer } from "../auth/policy.ts";
import { ownerOrAdmin, type ReadPolicy } from "../auth/read-policy.ts";
import type { Context } from "../context.ts";
import { readStore } from "../db/kysely.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { marketplaceStanding } from "../users/marketplace-access.ts";
import { offersBidOnRows } from "./store.ts";
import { carrierMaySeeOffer } from "./visibility.ts";
import { isInWaterfallTurn } from "./waterfall-turn.ts";

/** What the offer rule reads of an offer row. */
export interface OfferPlace {
  id: string;
  originState: string | null;
  destinationState: string | null;
  /** 0 while a waterfall runs (award.ts): then only the carrier in turn sees an active offer. */
  roundNumber?: number;
  status?: string;
}

/** An active offer still in its waterfall (round 0): hidden from every carrier but the one in turn. */
const inWaterfall = (offer: OfferPlace) => offer.roundNumber === 0 && offer.status === "active";

/**
 * What one viewer may see of the marketplace, decided once per context: `all` (admins; approved
 * carriers that named no areas), `none` (carriers not approved, or disabled) or the states its
 * areas name, where an offer outside them is still seen when the carrier bid on it.
 */
export type OfferView = { kind: "all" } | { kind: "none" } | { kind: "states"; states: readonly string[] };

export async function offerViewOf(ctx: Context, viewer: Viewer): Promise<OfferView> {
  if (viewer.role === "ADMIN") return { kind: "all" };
  const standing = await marketplaceStanding(ctx, viewer);
  if (!standing.access.allowed) return { kind: "none" };
  const states = statesNamedIn(standing.areasOfOperation);
  return states === null ? { kind: "all" } : { kind: "states", states };
}

/**
 * Offers: admins read every one; a carrier, once approved, the offers its areas name (all of them
 * when it named none) and any offer it bid on (carrierMaySeeOffer). Lists say the same as a where
 * clause (carrierOfferWhere, below); node/nodes, every Offer the schema answers, the offer
 * subscription's filter (watchers.ts) and the REST paths (visibleOfferOrThrow) ask this.
 */
export const offerReadPolicy: ReadPolicy<OfferPlace> = {
  reach: (viewer) => (viewer === null ? "none" : viewer.role === "ADMIN" ? "all" : "rows"),
  row: async (ctx, offer) => {
    const viewer = ctx.viewer;
    if (!viewer) return false;
    const view = await offerViewOf(ctx, viewer);
    if (view.kind === "none") return false;
    if (inWaterfall(offer)) return isInWaterfallTurn(ctx.db, offer.id, viewer.id);
    if (view.kind === "all") return true;
    return carrierMaySeeOffer(view.states, offer, false) || hasBidOn(ctx, viewer, offer.id);
  },
};

/** `offerReadPolicy` as a Prisma where clause, for the lists: one statement whatever the page. */
export async function carrierOfferWhere(ctx: Context, viewer: Viewer): Promise<Prisma.OfferWhereInput> {
  const view = await offerViewOf(ctx, viewer);
  if (view.kind === "none") return { id: { in: [] } };
  const inTurn: Prisma.OfferWhereInput = {
    awardRule: { steps: { some: { userId: viewer.id, status: "offered" } } },
  };
  // An offer in its waterfall (round 0, active) only for the carrier in turn.
  const notHidden: Prisma.OfferWhereInput = {
    OR: [{ roundNumber: { gt: 0 } }, { status: { not: "active" } }, inTurn],
  };
  if (view.kind === "all") return notHidden;
  return {
    AND: [
      notHidden,
      {
        OR: [
          { originState: { in: [...view.states] } },
          { destinationState: { in: [...view.states] } },
          { bids: { some: { userId: viewer.id } } },
          inTurn,
        ],
      },
    ],
  };
}

/** Bids: the bidding carrier and admins. A competitor never reads another carrier's bid. */
export const bidReadPolicy = ownerOrAdmin<{ userId: string }>((bid) => bid.userId);

interface BidLookups {
  viewerId: string;
  /** Whether the viewer bid on each offer asked about (a bid is never deleted: answers keep). */
  answers: Map<string, Promise<boolean>>;
  /** The offers asked about in this tick and the one statement that will answer them together. */
  batch: { ids: Set<string>; read: Promise<Set<string>> } | null;
}

const bidLookups = new WeakMap<Context, BidLookups>();

/**
 * Whether the viewer bid on the offer, asked only for offers outside its areas. The questions of
 * one tick (the rows of a page, the ids of a nodes call) share one statement.
 */
function hasBidOn(ctx: Context, viewer: Viewer, offerId: string): Promise<boolean> {
  let lookups = bidLookups.get(ctx);
  if (lookups?.viewerId !== viewer.id) {
    lookups = { viewerId: viewer.id, answers: new Map(), batch: null };
    bidLookups.set(ctx, lookups);
  }
  const state = lookups;
  const known = state.answers.get(offerId);
  if (known) return known;
  if (!state.batch) {
    const ids = new Set<string>();
    const read = Promise.resolve().then(() => {
      state.batch = null;
      return offersBidOn(ctx, viewer.id, [...ids]);
    });
    state.batch = { ids, read };
  }
  state.batch.ids.add(offerId);
  const answer = state.batch.read.then((bidOn) => bidOn.has(offerId));
  state.answers.set(offerId, answer);
  // A failed read is not kept: the next question reads again.
  answer.catch(() => state.answers.delete(offerId));
  return answer;
}

function offersBidOn(ctx: Context, userId: string, offerIds: string[]): Promise<Set<string>> {
  return offersBidOnRows(readStore(ctx.sql), userId, offerIds);
}
