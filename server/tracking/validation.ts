import { z } from "zod";
import { instantInput } from "../../common/instant-input.ts";

/** A device may report at most this many points per call. */
export const MAX_POSITIONS_PER_BATCH = 500;
/** Device clocks drift: a point may be stamped up to 5 minutes ahead of the server. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** A device may send points it kept while offline, up to a week old; older ones move no ETA. */
export const MAX_POINT_AGE_MS = 7 * 24 * 60 * 60_000;

/** Built once: zod compiles a schema on its first use, per schema object. */
const position = z.object({
  lat: z
    .number({ message: "lat must be a number" })
    .min(-90, "lat must be between -90 and 90")
    .max(90, "lat must be between -90 and 90"),
  lng: z
    .number({ message: "lng must be a number" })
    .min(-180, "lng must be between -180 and 180")
    .max(180, "lng must be between -180 and 180"),
  recordedAt: instantInput("recordedAt"),
  speedMph: z
    .number({ message: "speedMph must be a number" })
    .min(0, "speedMph must be between 0 and 200")
    .max(200, "speedMph must be between 0 and 200")
    .nullish()
    .transform((value) => value ?? null),
  heading: z
    .number({ message: "heading must be a number" })
    .min(0, "heading must be between 0 and 360")
    .max(360, "heading must be between 0 and 360")
    .nullish()
    .transform((value) => value ?? null),
});
export const positionBatchInput = z.object({
  positions: z
    .array(position, { message: "positions must be a list" })
    .min(1, "positions must hold at least one point")
    .max(MAX_POSITIONS_PER_BATCH, `At most ${MAX_POSITIONS_PER_BATCH} positions per call`),
});

export type PositionInput = z.infer<typeof positionBatchInput>["positions"][number];

export const FUTURE_MESSAGE = "recordedAt may not be more than 5 minutes in the future";
export const STALE_MESSAGE = "recordedAt may not be more than 7 days in the past";

/** The points stamped more than 5 minutes after `now` or more than 7 days before it, as field errors. */
export function pointsOutOfTime(positions: PositionInput[], now: Date) {
  const latest = now.getTime() + MAX_FUTURE_SKEW_MS;
  const earliest = now.getTime() - MAX_POINT_AGE_MS;
  return positions.flatMap((point, index) => {
    const time = point.recordedAt.getTime();
    const message = time > latest ? FUTURE_MESSAGE : time < earliest ? STALE_MESSAGE : null;
    return message ? [{ field: `positions.${index}.recordedAt`, message }] : [];
  });
}
