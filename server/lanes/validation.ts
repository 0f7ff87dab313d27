import { z } from "zod";
import { LANE_END_PATTERN, LANE_MESSAGES } from "../../common/scorecards.ts";

/** A lane end: a state (two letters, any case) or a 3-digit ZIP prefix. */
export interface LaneEnd {
  kind: "state" | "zip3";
  value: string;
}

const laneEnd = z
  .string({ error: LANE_MESSAGES.badEnd })
  .trim()
  .regex(LANE_END_PATTERN, LANE_MESSAGES.badEnd)
  .transform(
    (text): LaneEnd =>
      /^\d/.test(text) ? { kind: "zip3", value: text } : { kind: "state", value: text.toUpperCase() },
  );

export const laneRatesInput = z.object({ origin: laneEnd, destination: laneEnd });
