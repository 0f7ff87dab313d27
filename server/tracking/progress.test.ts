import { describe, expect, it } from "vitest";
import { advance, type ProgressStop } from "./progress.ts";

const stop = (radiusMeters: number | null): ProgressStop => ({
  id: "s1",
  sequence: 1,
  type: "pickup",
  location: { lat: 0, lng: 0 },
  arrivedAt: null,
  departedAt: null,
  radiusMeters,
});
// About 556 m east of the stop.
const point = {
  lat: 0,
  lng: 0.005,
  recordedAt: new Date("2027-01-01T12:00:00Z"),
  speedMph: null,
  heading: null,
};

describe("the geofence", () => {
  it("uses the facility's own radius, else the default", () => {
    const state = { last: null, speedMph: null };
    expect(advance(state, [stop(null)], [point], 200).events).toEqual([]);
    expect(advance(state, [stop(1000)], [point], 200).events).toEqual([
      { kind: "arrived", stopId: "s1", at: point.recordedAt },
    ]);
    expect(advance(state, [stop(100)], [point], 1000).events).toEqual([]);
  });
});
