import { describe, expect, it } from "vitest";
import { groupStopsByFacility, routeLine, stopCount } from "./stop-groups.ts";

const FACILITIES: Record<string, [number, number]> = {
  A: [41.88, -87.63],
  B: [32.78, -96.8],
  C: [33.75, -84.39],
  D: [39.1, -94.58],
  E: [35.15, -90.05],
};

/** A route of 8 stops at 5 facilities: A, B and C are visited twice. */
const STOPS = ["A", "B", "C", "A", "D", "B", "E", "C"].map((code, index) => ({
  sequence: index + 1,
  code,
  lat: FACILITIES[code][0],
  lng: FACILITIES[code][1],
}));

describe("stops grouped by facility", () => {
  it("shows 8 stops at 5 facilities as 5 groups, each with its stops in sequence", () => {
    const shuffled = [...STOPS].reverse();
    const groups = groupStopsByFacility(shuffled, (stop) => stop.code);
    expect(groups.map((group) => [group.key, group.stops.map((stop) => stop.sequence)])).toEqual([
      ["A", [1, 4]],
      ["B", [2, 6]],
      ["C", [3, 8]],
      ["D", [5]],
      ["E", [7]],
    ]);
    expect(groups.map((group) => stopCount(group.stops.length))).toEqual(["×2", "×2", "×2", "", ""]);
    expect(groups[0]).toMatchObject({ lat: 41.88, lng: -87.63 });
  });

  it("groups stops at the very same spot even without a facility key", () => {
    const groups = groupStopsByFacility([
      { sequence: 1, lat: 41.0, lng: -85.0 },
      { sequence: 2, lat: 40.0, lng: -82.9 },
      { sequence: 3, lat: 41.0, lng: -85.0 },
    ]);
    expect(groups.map((group) => group.stops.map((stop) => stop.sequence))).toEqual([[1, 3], [2]]);
  });

  it("shares a marker between two facilities at one spot (located by ZIP code), not between neighbours", () => {
    const groups = groupStopsByFacility(
      [
        { sequence: 1, code: "X", lat: 41, lng: -85 },
        { sequence: 2, code: "Y", lat: 41.5, lng: -85 },
        { sequence: 3, code: "Z", lat: 41, lng: -85 },
      ],
      (stop) => stop.code,
    );
    expect(groups.map((group) => [group.key, group.stops.map((stop) => stop.code)])).toEqual([
      ["X", ["X", "Z"]],
      ["Y", ["Y"]],
    ]);
  });

  it("draws the route line through every stop in sequence, revisits included", () => {
    const line = routeLine([...STOPS].reverse());
    expect(line).toHaveLength(8);
    expect(line[0]).toEqual(FACILITIES.A);
    expect(line[3]).toEqual(FACILITIES.A);
    expect(line[7]).toEqual(FACILITIES.C);
  });
});
