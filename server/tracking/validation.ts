import { z } from "zod";

/** A device may report at most this many points per call. */
export const MAX_POSITIONS_PER_BATCH = 500;
/** Device clocks drift: a point may be stamped up to 5 minutes ahead of the server. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;

const instant = z.union([z.string(), z.number()]).transform((value, context) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: "custom", message: "recordedAt must be an ISO-8601 date-time" });
    return z.NEVER;
  }
  return date;
});

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
  recordedAt: instant,
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

/** The points stamped more than 5 minutes after `now`, as field errors. */
export function futurePoints(positions: PositionInput[], now: Date) {
  const latest = now.getTime() + MAX_FUTURE_SKEW_MS;
  return positions.flatMap((point, index) =>
    point.recordedAt.getTime() > latest
      ? [{ field: `positions.${index}.recordedAt`, message: FUTURE_MESSAGE }]
      : [],
  );
}
