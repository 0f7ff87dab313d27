import { greatCircleMeters } from "../../../../common/geo.ts";

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A position as the phone read it, with the time it was taken (epoch ms). */
export interface PositionPoint extends LatLng {
  recordedAt: number;
  speedMph?: number;
  heading?: number;
  accuracyMeters?: number;
}

/*
 * The contract's numbers (common/driver.ts), repeated here because that module also holds zod
 * schemas (~26 kB gzip in the driver bundle); driver-values.test.ts keeps both in step.
 */
/** Send what waits every 30 s, or sooner once the truck has moved 500 m since the last point sent. */
export const BATCH_INTERVAL_MS = 30_000;
export const BATCH_DISTANCE_METERS = 500;
/** The server takes at most 500 points per request. */
export const MAX_POINTS_PER_BATCH = 500;

/**
 * Whether the points waiting should go now: 30 s after the first of them was taken, or when the
 * newest is 500 m or more from the last point sent (from the first waiting one before anything
 * was sent), whichever comes first.
 */
export function batchIsDue(waiting: readonly PositionPoint[], lastSent: LatLng | null, now: number): boolean {
  if (waiting.length === 0) return false;
  const first = waiting[0];
  if (now - first.recordedAt >= BATCH_INTERVAL_MS) return true;
  if (waiting.length >= MAX_POINTS_PER_BATCH) return true;
  const newest = waiting[waiting.length - 1];
  const from = lastSent ?? first;
  return (
    greatCircleMeters(
      { lat: from.latitude, lng: from.longitude },
      { lat: newest.latitude, lng: newest.longitude },
    ) >= BATCH_DISTANCE_METERS
  );
}

/** Splits waiting points into request-sized batches, oldest first. */
export function toBatches<T>(points: readonly T[], size = MAX_POINTS_PER_BATCH): T[][] {
  const batches: T[][] = [];
  for (let index = 0; index < points.length; index += size) batches.push(points.slice(index, index + size));
  return batches;
}

const METERS_PER_SECOND_TO_MPH = 2.236_936;

/** A Geolocation reading as a point (speed converted to mph; absent values left out). */
export function pointOf(position: {
  coords: {
    latitude: number;
    longitude: number;
    accuracy: number;
    speed: number | null;
    heading: number | null;
  };
  timestamp: number;
}): PositionPoint {
  const { coords } = position;
  const point: PositionPoint = {
    latitude: coords.latitude,
    longitude: coords.longitude,
    recordedAt: Math.round(position.timestamp),
    accuracyMeters: Math.round(coords.accuracy),
  };
  if (coords.speed !== null && Number.isFinite(coords.speed)) {
    point.speedMph = Math.round(coords.speed * METERS_PER_SECOND_TO_MPH * 10) / 10;
  }
  if (coords.heading !== null && Number.isFinite(coords.heading)) point.heading = Math.round(coords.heading);
  return point;
}
