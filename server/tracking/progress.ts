import { greatCircleMeters, greatCircleMiles, type LatLng } from "../../common/geo.ts";

/**
 * What a batch of new positions does to a route: the last position and smoothed speed move
 * forward, and stops are arrived at (inside the geofence) or departed (outside again).
 * Pure: the ingest service reads the state, calls this, and writes the result.
 */
export interface TrackPoint extends LatLng {
  recordedAt: Date;
  speedMph: number | null;
  heading: number | null;
}

export interface RouteTrackState {
  last: TrackPoint | null;
  speedMph: number | null;
}

export interface ProgressStop {
  id: string;
  sequence: number;
  type: string;
  location: LatLng | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
  /** The facility (its load stops are marked with the route's), when the stop has one. */
  nassCodeId?: string | null;
  /** The facility's own geofence radius in meters; null or left out: the default. */
  radiusMeters?: number | null;
}

export interface StopEvent {
  kind: "arrived" | "departed";
  stopId: string;
  at: Date;
}

/** Weight of the newest speed observation in the moving average. */
const SPEED_SMOOTHING = 0.3;
/** Gaps longer than this say nothing about the current speed. */
const MAX_SPEED_GAP_MS = 30 * 60_000;
/** Faster than any truck: a GPS jump, not a speed. */
const MAX_PLAUSIBLE_MPH = 120;

function observedSpeed(previous: TrackPoint | null, point: TrackPoint): number | null {
  if (point.speedMph !== null) return point.speedMph;
  if (!previous) return null;
  const gap = point.recordedAt.getTime() - previous.recordedAt.getTime();
  if (gap <= 0 || gap > MAX_SPEED_GAP_MS) return null;
  const mph = greatCircleMiles(previous, point) / (gap / 3_600_000);
  return mph > MAX_PLAUSIBLE_MPH ? null : mph;
}

export interface Progress {
  state: RouteTrackState;
  stops: ProgressStop[];
  events: StopEvent[];
}

/**
 * Applies points newer than the state's last one, oldest first. Older points are history only:
 * they never move the last position back.
 */
export function advance(
  state: RouteTrackState,
  stops: ProgressStop[],
  points: TrackPoint[],
  /** The default radius, for facilities without one of their own. */
  geofenceMeters: number,
): Progress {
  const lastTime = state.last?.recordedAt.getTime() ?? Number.NEGATIVE_INFINITY;
  const fresh = points
    .filter((point) => point.recordedAt.getTime() > lastTime)
    .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  let { last, speedMph } = state;
  const next = stops.map((stop) => ({ ...stop }));
  const events: StopEvent[] = [];
  for (const point of fresh) {
    const observed = observedSpeed(last, point);
    if (observed !== null) {
      speedMph = speedMph === null ? observed : SPEED_SMOOTHING * observed + (1 - SPEED_SMOOTHING) * speedMph;
    }
    for (const stop of next) {
      if (!stop.location) continue;
      const inside = greatCircleMeters(point, stop.location) <= (stop.radiusMeters ?? geofenceMeters);
      if (inside && !stop.arrivedAt) {
        stop.arrivedAt = point.recordedAt;
        events.push({ kind: "arrived", stopId: stop.id, at: point.recordedAt });
      } else if (!inside && stop.arrivedAt && !stop.departedAt) {
        stop.departedAt = point.recordedAt;
        events.push({ kind: "departed", stopId: stop.id, at: point.recordedAt });
      }
    }
    last = point;
  }
  return { state: { last, speedMph }, stops: next, events };
}

/** The route's first pickup and last delivery (by sequence), which move its loads' status. */
export function milestoneStops(stops: ProgressStop[]): {
  firstPickup: string | null;
  lastDelivery: string | null;
} {
  const sorted = [...stops].sort((a, b) => a.sequence - b.sequence);
  return {
    firstPickup: sorted.find((stop) => stop.type === "pickup")?.id ?? null,
    lastDelivery: sorted.findLast((stop) => stop.type === "delivery")?.id ?? null,
  };
}
