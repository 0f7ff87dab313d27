import { type CarrierTier, medianHoursOf, percentOf, tierOf } from "../../common/scorecards.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import { CARRIER_NOT_FOUND, findCarrier } from "../carriers/lookup.ts";
import type { Context } from "../context.ts";
import { readStore } from "../db/kysely.ts";
import { NotFoundError } from "../errors.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";
import {
  bidCounts,
  companiesOfUsers,
  hauledLoadCounts,
  podTurnaroundHours,
  type SubjectIds,
  stopPunctuality,
  tenderCounts,
} from "./store.ts";

/** GET /api/carriers/{carrierId}/scorecard's answer, exactly. */
export interface ScorecardFigures {
  tier: CarrierTier;
  loads: number;
  onTimePickupPct: number | null;
  onTimeDeliveryPct: number | null;
  tenderAcceptancePct: number | null;
  bidsWon: number;
  bidsLost: number;
  /** Median hours from delivered to POD received; null when no load has both. */
  podTurnaroundHours: number | null;
}

/** What GraphQL adds: the measures' bases and the fall-offs. */
export interface Scorecard extends ScorecardFigures {
  pickupsMeasured: number;
  deliveriesMeasured: number;
  tendersDecided: number;
  tenderFallOffs: number;
  /** Loads with both a delivered and a POD received milestone. */
  podsMeasured: number;
}

/** A scored subject: a carrier company, or a carrier user that belongs to none. */
export type Subject = { carrierId: string } | { loneUserId: string };

const keyOf = (subject: Subject) => ("carrierId" in subject ? subject.carrierId : subject.loneUserId);

/** The scorecards of many subjects with a constant number of statements (one per measure and kind). */
export async function scorecardsOf(
  ctx: Pick<Context, "sql">,
  subjects: readonly Subject[],
): Promise<Scorecard[]> {
  const ids: SubjectIds = {
    companies: [...new Set(subjects.flatMap((s) => ("carrierId" in s ? [s.carrierId] : [])))],
    loners: [...new Set(subjects.flatMap((s) => ("loneUserId" in s ? [s.loneUserId] : [])))],
  };
  const db = readStore(ctx.sql);
  const [loads, stops, tenders, bids, pods] = await Promise.all([
    hauledLoadCounts(db, ids),
    stopPunctuality(db, ids),
    tenderCounts(db, ids),
    bidCounts(db, ids),
    podTurnaroundHours(db, ids),
  ]);
  return subjects.map((subject) => {
    const key = keyOf(subject);
    const count = (counts: Map<string, number> | undefined) => counts?.get(key) ?? 0;
    const accepted = count(tenders.get("accepted"));
    const fallOffs = count(tenders.get("declined")) + count(tenders.get("expired"));
    const pickupsMeasured = count(stops.pickupMeasured);
    const deliveriesMeasured = count(stops.deliveryMeasured);
    const measures = {
      loads: count(loads),
      onTimePickupPct: percentOf(count(stops.pickupOnTime), pickupsMeasured),
      onTimeDeliveryPct: percentOf(count(stops.deliveryOnTime), deliveriesMeasured),
      tenderAcceptancePct: percentOf(accepted, accepted + fallOffs),
    };
    return {
      tier: tierOf(measures),
      ...measures,
      bidsWon: count(bids.won),
      bidsLost: count(bids.lost),
      podTurnaroundHours: medianHoursOf(pods.get(key) ?? []),
      pickupsMeasured,
      deliveriesMeasured,
      tendersDecided: accepted + fallOffs,
      tenderFallOffs: fallOffs,
      podsMeasured: pods.get(key)?.length ?? 0,
    };
  });
}

/** The scorecards of bidders (users): each its company's, or its own when it has no company. */
export async function bidderScorecards(
  ctx: Pick<Context, "sql">,
  userIds: readonly string[],
): Promise<Scorecard[]> {
  const companies = await companiesOfUsers(readStore(ctx.sql), [...new Set(userIds)]);
  return scorecardsOf(
    ctx,
    userIds.map((userId) => {
      const carrierId = companies.get(userId) ?? null;
      return carrierId === null ? { loneUserId: userId } : { carrierId };
    }),
  );
}

/** The figures of the REST answer, in its key order. */
export function scorecardFigures(card: Scorecard): ScorecardFigures {
  return {
    tier: card.tier,
    loads: card.loads,
    onTimePickupPct: card.onTimePickupPct,
    onTimeDeliveryPct: card.onTimeDeliveryPct,
    tenderAcceptancePct: card.tenderAcceptancePct,
    bidsWon: card.bidsWon,
    bidsLost: card.bidsLost,
    podTurnaroundHours: card.podTurnaroundHours,
  };
}

/**
 * A carrier company's scorecard (by database id or readable carrierId): operators any, a carrier
 * user only its own company's; anyone else, like an unknown carrier, gets 404.
 */
export async function carrierScorecard(ctx: Context, carrierRef: string): Promise<Scorecard> {
  const viewer = requireViewer(ctx);
  const carrier = await findCarrier(ctx.db, carrierRef);
  if (!carrier) throw new NotFoundError(CARRIER_NOT_FOUND);
  if (!policy.isAdmin(viewer) && (await carrierIdOfUser(ctx.db, viewer.id)) !== carrier.id) {
    throw new NotFoundError(CARRIER_NOT_FOUND);
  }
  const [card] = await scorecardsOf(ctx, [{ carrierId: carrier.id }]);
  return card;
}

/** The viewer's own scorecard (a carrier user): its company's, else its own. */
export async function myScorecard(ctx: Context): Promise<Scorecard> {
  const viewer = requireViewer(ctx);
  const [card] = await bidderScorecards(ctx, [viewer.id]);
  return card;
}
