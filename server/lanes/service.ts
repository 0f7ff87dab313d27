import { LANE_RATE_DAYS, type LaneRates, laneRatesOf } from "../../common/scorecards.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { readStore } from "../db/kysely.ts";
import { NotFoundError } from "../errors.ts";
import { parseInput } from "../lib/validate.ts";
import { findLoadByLoadId } from "../loads/service.ts";
import { offerFieldsFromLoad } from "../offers/copy.ts";
import { laneRateRows } from "./store.ts";
import { laneRatesInput } from "./validation.ts";

/**
 * A lane's $/mile over the last LANE_RATE_DAYS days of the platform's awarded loads (carrier rate
 * over the offer's road miles): exact count; median, 25th and 75th percentile over the newest
 * LANE_RATE_SAMPLE. Operators only (what the broker paid is not for carriers).
 */
export async function laneRates(
  ctx: Context,
  input: { origin?: unknown; destination?: unknown },
  now = new Date(),
): Promise<LaneRates> {
  requireAdmin(ctx);
  const { origin, destination } = parseInput(laneRatesInput, input);
  const since = new Date(now.getTime() - LANE_RATE_DAYS * 86_400_000);
  const { count, perMile } = await laneRateRows(readStore(ctx.sql), origin, destination, since);
  return laneRatesOf(perMile, count);
}

/** The rates of an offer's lane by its states; null when either is unknown. */
export async function laneRatesOfOffer(
  ctx: Context,
  offer: { originState: string | null; destinationState: string | null },
): Promise<LaneRates | null> {
  if (!offer.originState || !offer.destinationState) return null;
  return laneRates(ctx, { origin: offer.originState, destination: offer.destinationState });
}

/** The rates of a load's lane, its ends found as its offer would copy them; null when unknown. */
export async function laneRatesOfLoad(ctx: Context, loadId: string): Promise<LaneRates | null> {
  requireAdmin(ctx);
  const load = await findLoadByLoadId(ctx, loadId, { include: { stops: { include: { nassCode: true } } } });
  if (!load) throw new NotFoundError("Load not found");
  const lane = offerFieldsFromLoad(load as unknown as Parameters<typeof offerFieldsFromLoad>[0]);
  return laneRatesOfOffer(ctx, lane);
}
