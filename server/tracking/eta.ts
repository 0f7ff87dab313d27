import { greatCircleMiles, type LatLng, ROAD_FACTOR } from "../../common/geo.ts";

/**
 * The ETA model (README "Tracking: ETA"). Remaining distance = great-circle miles from the truck
 * to the next unvisited stop, then stop to stop to the final one, times ROAD_FACTOR (1.2).
 * Speed = the route's smoothed observed speed clamped to [MIN, MAX] mph, DEFAULT when unknown.
 * Minutes = miles / speed * 60, rounded. A routing engine can replace the model (`setEtaModel`).
 */
export const ETA_SPEED_MPH = { min: 20, max: 65, default: 45 } as const;

export interface EtaStop {
  id: string;
  sequence: number;
  location: LatLng | null;
  arrivedAt: Date | null;
}

export interface EtaInput {
  position: LatLng | null;
  /** Smoothed observed speed in mph, null when unknown. */
  speedMph: number | null;
  /** The route's stops in sequence order. */
  stops: EtaStop[];
}

export interface EtaResult {
  /** Minutes to the final stop; 0 once it was reached; null when it cannot be told. */
  finalMinutes: number | null;
  /** Minutes to the next unvisited stop; null when none is left or it cannot be told. */
  nextStopMinutes: number | null;
  nextStopId: string | null;
}

export type EtaModel = (input: EtaInput) => EtaResult;

export function etaSpeed(speedMph: number | null): number {
  if (speedMph === null || !Number.isFinite(speedMph)) return ETA_SPEED_MPH.default;
  return Math.min(ETA_SPEED_MPH.max, Math.max(ETA_SPEED_MPH.min, speedMph));
}

/** Stops after the furthest one reached: a stop the geofence missed counts as passed. */
export function remainingStops<T extends EtaStop>(stops: T[]): T[] {
  let lastReached = -1;
  stops.forEach((stop, index) => {
    if (stop.arrivedAt) lastReached = index;
  });
  return stops.slice(lastReached + 1);
}

export const greatCircleEta: EtaModel = ({ position, speedMph, stops }) => {
  const located = stops.filter((stop) => stop.location !== null);
  if (located.length === 0) return { finalMinutes: null, nextStopMinutes: null, nextStopId: null };
  const remaining = remainingStops(located);
  if (remaining.length === 0) return { finalMinutes: 0, nextStopMinutes: null, nextStopId: null };
  if (!position) return { finalMinutes: null, nextStopMinutes: null, nextStopId: remaining[0].id };
  const speed = etaSpeed(speedMph);
  const minutes = (miles: number) => Math.round(((miles * ROAD_FACTOR) / speed) * 60);
  const toNext = greatCircleMiles(position, remaining[0].location!);
  let total = toNext;
  for (let index = 1; index < remaining.length; index++) {
    total += greatCircleMiles(remaining[index - 1].location!, remaining[index].location!);
  }
  return { finalMinutes: minutes(total), nextStopMinutes: minutes(toNext), nextStopId: remaining[0].id };
};

let model: EtaModel = greatCircleEta;

export function etaModel(): EtaModel {
  return model;
}

/** Swaps the ETA model (a routing engine's drive times); returns the previous one. */
export function setEtaModel(next: EtaModel): EtaModel {
  const previous = model;
  model = next;
  return previous;
}
