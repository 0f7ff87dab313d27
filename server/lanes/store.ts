import { LANE_RATE_SAMPLE } from "../../common/scorecards.ts";
import type { Store } from "../db/kysely.ts";
import { countOf } from "../db/store-sql.ts";
import type { LaneEnd } from "./validation.ts";

/**
 * Lanes' store: the awarded loads of a lane (offers with a winner that finished since `since`, a
 * distance and the load's carrier rate), counted exactly, and the newest LANE_RATE_SAMPLE of them
 * as $/mile for the percentiles (computed in common/scorecards.ts over that bounded set).
 */
function awardedOnLane(db: Store, origin: LaneEnd, destination: LaneEnd, since: Date) {
  return db
    .selectFrom("Offer as o")
    .innerJoin("Load as l", "l.id", "o.loadId")
    .where("o.winnerBidId", "is not", null)
    .where("o.finishedAt", ">=", since)
    .where("o.distance", ">", 0)
    .where("l.carrierRateCents", "is not", null)
    .where(origin.kind === "state" ? "o.originState" : "o.originZip3", "=", origin.value)
    .where(destination.kind === "state" ? "o.destinationState" : "o.destinationZip3", "=", destination.value);
}

export async function laneRateRows(
  db: Store,
  origin: LaneEnd,
  destination: LaneEnd,
  since: Date,
): Promise<{ count: number; perMile: number[] }> {
  const [counted, rows] = await Promise.all([
    awardedOnLane(db, origin, destination, since)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst(),
    awardedOnLane(db, origin, destination, since)
      .select(["l.carrierRateCents as cents", "o.distance as miles"])
      .orderBy("o.finishedAt", "desc")
      .limit(LANE_RATE_SAMPLE)
      .execute(),
  ]);
  return {
    count: countOf(counted?.n as number | string | undefined),
    perMile: rows.map((row) => Number(row.cents) / 100 / Number(row.miles)),
  };
}
