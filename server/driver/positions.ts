import {
  DRIVER_POSITION_GRACE_MINUTES,
  driverPositionsInput,
  MAX_DRIVER_SPEED_MPH,
  type PositionRejectReason,
  type PositionsResult,
} from "../../common/driver.ts";
import { greatCircleMiles } from "../../common/geo.ts";
import type { Context } from "../context.ts";
import { parseInput } from "../lib/validate.ts";
import { tripRouteOf } from "../routing/service.ts";
import { trackedRouteByNumber } from "../routing/store-tracked.ts";
import { reportTripPositions } from "../tracking/ingest.ts";
import type { TrackPoint } from "../tracking/progress.ts";
import { MAX_FUTURE_SKEW_MS } from "../tracking/validation.ts";
import { readableTrip } from "./trips.ts";

/** A phone's clock may run a little behind the server's: points this far before dispatch still count. */
const DISPATCH_SKEW_MS = MAX_FUTURE_SKEW_MS;

interface Indexed {
  index: number;
  point: TrackPoint;
}

/** Whether going from `from` to `to` means more than MAX_DRIVER_SPEED_MPH. */
export function tooFast(from: TrackPoint, to: TrackPoint): boolean {
  const hours = Math.abs(to.recordedAt.getTime() - from.recordedAt.getTime()) / 3_600_000;
  const miles = greatCircleMiles(from, to);
  if (hours === 0) return miles > 0.05;
  return miles / hours > MAX_DRIVER_SPEED_MPH;
}

/**
 * The points of a batch a trip takes, and why each other one is refused: outside the trip's
 * window (before dispatch, after delivery plus the grace, in the future) or an impossible speed
 * from the previous accepted point (the route's last position, or the batch's own points in time
 * order). A point older than the route's last position is only history (it never moves the
 * truck back), checked against the batch's earlier points alone.
 */
export function screenPositions(
  points: readonly TrackPoint[],
  window: { dispatchedAt: Date; deliveredAt: Date | null; now: Date },
  last: TrackPoint | null,
): { kept: Indexed[]; rejected: { index: number; reason: PositionRejectReason }[] } {
  const rejected: { index: number; reason: PositionRejectReason }[] = [];
  const earliest = window.dispatchedAt.getTime() - DISPATCH_SKEW_MS;
  const latest = window.now.getTime() + MAX_FUTURE_SKEW_MS;
  const ends = window.deliveredAt
    ? window.deliveredAt.getTime() + DRIVER_POSITION_GRACE_MINUTES * 60_000
    : null;
  const inWindow: Indexed[] = [];
  points.forEach((point, index) => {
    const time = point.recordedAt.getTime();
    const reason: PositionRejectReason | null =
      time > latest
        ? "future"
        : time < earliest
          ? "before_dispatch"
          : ends !== null && time > ends
            ? "after_delivery"
            : null;
    if (reason) rejected.push({ index, reason });
    else inWindow.push({ index, point });
  });
  inWindow.sort((a, b) => a.point.recordedAt.getTime() - b.point.recordedAt.getTime() || a.index - b.index);
  const kept: Indexed[] = [];
  let previous: TrackPoint | null = null;
  for (const entry of inWindow) {
    const time = entry.point.recordedAt.getTime();
    const reference = previous ?? (last && last.recordedAt.getTime() <= time ? last : null);
    if (reference && reference.recordedAt.getTime() !== time && tooFast(reference, entry.point)) {
      rejected.push({ index: entry.index, reason: "too_fast" });
      continue;
    }
    kept.push(entry);
    previous = entry.point;
  }
  rejected.sort((a, b) => a.index - b.index);
  return { kept, rejected };
}

/**
 * POST /api/driver/trips/{loadId}/positions: the driver app's batch for its trip (the trip
 * session's own load, or a carrier user's trip). Out-of-range coordinates refuse the batch (400);
 * each point outside the trip's window or at an impossible speed is refused on its own. The
 * others go through tracking's ingestion on the load's route (a route of its own is started when
 * an operator put it on none): duplicates ignored, late points kept as history only, the geofence
 * marks arrivals and departures.
 */
export async function reportDriverPositions(
  ctx: Context,
  loadReference: string,
  raw: unknown,
): Promise<PositionsResult> {
  const trip = await readableTrip(ctx, loadReference);
  const { positions } = parseInput(driverPositionsInput, raw);
  const points: TrackPoint[] = positions.map((position) => ({
    lat: position.latitude,
    lng: position.longitude,
    recordedAt: position.recordedAt,
    speedMph: position.speedMph,
    heading: position.heading,
  }));
  const routeNumber = trip.routeNumber && trip.routeId ? trip.routeNumber : null;
  const route = routeNumber ? await trackedRouteByNumber(ctx.sql, routeNumber) : null;
  const last: TrackPoint | null =
    route?.lastPositionAt && route.lastLat !== null && route.lastLng !== null
      ? {
          lat: route.lastLat,
          lng: route.lastLng,
          recordedAt: route.lastPositionAt,
          speedMph: null,
          heading: null,
        }
      : null;
  const { kept, rejected } = screenPositions(
    points,
    { dispatchedAt: trip.dispatchedAt, deliveredAt: trip.deliveredAt, now: new Date() },
    last,
  );
  if (kept.length === 0) return { accepted: 0, duplicates: 0, rejected };
  const tracked = await tripRouteOf(ctx, { ...trip, loadId: trip.loadId });
  const result = await reportTripPositions(
    ctx,
    tracked,
    kept.map((entry) => entry.point),
  );
  // A trip changes with the geofence's marks (announced by the ingestion), not with each point.
  return { accepted: result.accepted, duplicates: result.duplicates, rejected };
}
