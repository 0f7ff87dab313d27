import { describe, expect, it } from "vitest";
import { ETA_SPEED_MPH, type EtaStop, etaSpeed, greatCircleEta, remainingStops } from "./eta.ts";
import { advance, milestoneStops, type ProgressStop } from "./progress.ts";

const stop = (id: string, sequence: number, lng: number, arrivedAt: Date | null = null): EtaStop => ({
  id,
  sequence,
  location: { lat: 0, lng },
  arrivedAt,
});

describe("greatCircleEta", () => {
  it("adds the legs of the unvisited stops, x1.2, over the clamped speed", () => {
    const stops = [stop("a", 1, 1), stop("b", 2, 2)];
    expect(greatCircleEta({ position: { lat: 0, lng: 0 }, speedMph: null, stops })).toEqual({
      finalMinutes: 221,
      nextStopMinutes: 111,
      nextStopId: "a",
    });
    expect(greatCircleEta({ position: { lat: 0, lng: 0 }, speedMph: 60, stops }).finalMinutes).toBe(166);
  });

  it("counts a stop the geofence missed as passed once a later one is reached", () => {
    const stops = [stop("a", 1, 1), stop("b", 2, 2, new Date()), stop("c", 3, 3)];
    expect(remainingStops(stops).map((s) => s.id)).toEqual(["c"]);
    expect(greatCircleEta({ position: { lat: 0, lng: 2 }, speedMph: null, stops }).nextStopId).toBe("c");
  });

  it("is 0 at the end and unknown without located stops or a position", () => {
    const done = [stop("a", 1, 1, new Date())];
    expect(greatCircleEta({ position: { lat: 0, lng: 1 }, speedMph: 50, stops: done }).finalMinutes).toBe(0);
    expect(greatCircleEta({ position: { lat: 0, lng: 1 }, speedMph: 50, stops: [] }).finalMinutes).toBeNull();
    expect(
      greatCircleEta({ position: null, speedMph: 50, stops: [stop("a", 1, 1)] }).finalMinutes,
    ).toBeNull();
  });

  it("clamps speeds to a sane range", () => {
    expect(etaSpeed(null)).toBe(ETA_SPEED_MPH.default);
    expect(etaSpeed(2)).toBe(ETA_SPEED_MPH.min);
    expect(etaSpeed(95)).toBe(ETA_SPEED_MPH.max);
    expect(etaSpeed(52)).toBe(52);
  });
});

describe("advance", () => {
  const stops: ProgressStop[] = [
    { id: "p", sequence: 1, type: "pickup", location: { lat: 0, lng: 0 }, arrivedAt: null, departedAt: null },
    {
      id: "d",
      sequence: 2,
      type: "delivery",
      location: { lat: 0, lng: 1 },
      arrivedAt: null,
      departedAt: null,
    },
  ];
  const point = (lng: number, minute: number) => ({
    lat: 0,
    lng,
    recordedAt: new Date(Date.UTC(2026, 0, 1, 8, minute)),
    speedMph: null,
    heading: null,
  });

  it("arrives inside the geofence, departs outside, in time order whatever the batch order", () => {
    const result = advance({ last: null, speedMph: null }, stops, [point(0.01, 20), point(0.001, 10)], 200);
    expect(result.events.map((event) => `${event.kind}:${event.stopId}`)).toEqual([
      "arrived:p",
      "departed:p",
    ]);
    expect(result.state.last?.lng).toBe(0.01);
    expect(milestoneStops(result.stops)).toEqual({ firstPickup: "p", lastDelivery: "d" });
  });

  it("keeps late points out of the state", () => {
    const first = advance({ last: null, speedMph: null }, stops, [point(0.5, 30)], 200);
    const late = advance(first.state, first.stops, [point(0.2, 10)], 200);
    expect(late.state.last?.lng).toBe(0.5);
    expect(late.events).toEqual([]);
  });
});
