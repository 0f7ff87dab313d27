import { describe, expect, it } from "vitest";
import { greatCircleMeters } from "../../../../common/geo.ts";
import {
  BATCH_INTERVAL_MS,
  batchIsDue,
  MAX_POINTS_PER_BATCH,
  type PositionPoint,
  pointOf,
  toBatches,
} from "./batching.ts";

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
/** About 111 m per 0.001 degree of latitude. */
const point = (latitude: number, secondsAfter: number): PositionPoint => ({
  latitude,
  longitude: -87.6,
  recordedAt: T0 + secondsAfter * 1000,
});

describe("the position batching rule (every 30 s or 500 m, whichever first)", () => {
  it("waits with nothing to send, and with a few close points under 30 s", () => {
    expect(batchIsDue([], null, T0 + 60_000)).toBe(false);
    const close = [point(41.7, 0), point(41.701, 10), point(41.702, 20)];
    expect(batchIsDue(close, null, T0 + 29_999)).toBe(false);
    expect(batchIsDue(close, { latitude: 41.7, longitude: -87.6 }, T0 + 29_999)).toBe(false);
  });

  it("sends 30 s after the first waiting point was taken, however little the truck moved", () => {
    expect(batchIsDue([point(41.7, 0)], null, T0 + BATCH_INTERVAL_MS)).toBe(true);
    expect(batchIsDue([point(41.7, 0), point(41.7, 5)], null, T0 + BATCH_INTERVAL_MS - 1)).toBe(false);
  });

  it("sends at once when the newest point is 500 m from the last one sent", () => {
    const lastSent = { latitude: 41.7, longitude: -87.6 };
    const near = point(41.7044, 5); // ~489 m
    const far = point(41.7046, 6); // ~511 m
    const meters = (to: PositionPoint) =>
      greatCircleMeters({ lat: 41.7, lng: -87.6 }, { lat: to.latitude, lng: to.longitude });
    expect(meters(near)).toBeLessThan(500);
    expect(meters(far)).toBeGreaterThanOrEqual(500);
    expect(batchIsDue([near], lastSent, T0 + 6_000)).toBe(false);
    expect(batchIsDue([near, far], lastSent, T0 + 6_000)).toBe(true);
  });

  it("measures from the first waiting point before anything was sent", () => {
    expect(batchIsDue([point(41.7, 0), point(41.7046, 3)], null, T0 + 3_000)).toBe(true);
    expect(batchIsDue([point(41.7, 0), point(41.7044, 3)], null, T0 + 3_000)).toBe(false);
  });

  it("splits a long offline stretch into request-sized batches, oldest first", () => {
    const many = Array.from({ length: 1_201 }, (_, index) => point(41.7, index));
    const batches = toBatches(many);
    expect(batches.map((batch) => batch.length)).toEqual([MAX_POINTS_PER_BATCH, MAX_POINTS_PER_BATCH, 201]);
    expect(batches.flat()).toEqual(many);
    expect(batchIsDue(many.slice(0, MAX_POINTS_PER_BATCH), null, T0)).toBe(true);
  });

  it("reads a Geolocation position: speed in mph, missing speed and heading left out", () => {
    expect(
      pointOf({
        coords: { latitude: 41.7, longitude: -87.6, accuracy: 8.4, speed: 26.8224, heading: 90.4 },
        timestamp: T0,
      }),
    ).toEqual({
      latitude: 41.7,
      longitude: -87.6,
      recordedAt: T0,
      accuracyMeters: 8,
      speedMph: 60,
      heading: 90,
    });
    expect(
      pointOf({
        coords: { latitude: 1, longitude: 2, accuracy: 20, speed: null, heading: null },
        timestamp: T0,
      }),
    ).toEqual({ latitude: 1, longitude: 2, recordedAt: T0, accuracyMeters: 20 });
  });
});
