import { describe, expect, it } from "vitest";
import { greatCircleMiles, parseUsAddress, roadMiles } from "../../common/geo.ts";
import { zipCentroid } from "./zip-centroids.ts";

describe("geography", () => {
  it("measures great-circle miles", () => {
    const chicago = { lat: 41.8781, lng: -87.6298 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(greatCircleMiles(chicago, dallas)).toBeGreaterThan(795);
    expect(greatCircleMiles(chicago, dallas)).toBeLessThan(810);
    expect(roadMiles(chicago, dallas)).toBeCloseTo(greatCircleMiles(chicago, dallas) * 1.2, 0);
    expect(greatCircleMiles(chicago, chicago)).toBe(0);
  });

  it("reads city, state and ZIP from an address", () => {
    expect(parseUsAddress("1200 W Harrison St, Chicago, IL 60607")).toEqual({
      city: "Chicago",
      state: "IL",
      zip: "60607",
    });
    expect(parseUsAddress("Chicago, il")).toEqual({ city: "Chicago", state: "IL", zip: null });
    expect(parseUsAddress("Dock 4 60607")).toEqual({ city: null, state: null, zip: "60607" });
    expect(parseUsAddress("")).toEqual({ city: null, state: null, zip: null });
    expect(parseUsAddress("somewhere")).toEqual({ city: null, state: null, zip: null });
  });

  it("finds ZIP centroids and never invents one", () => {
    const point = zipCentroid("60607");
    expect(point?.lat).toBeCloseTo(41.87, 1);
    expect(point?.lng).toBeCloseTo(-87.66, 1);
    expect(zipCentroid("60607-1234")).toEqual(point);
    expect(zipCentroid("00000")).toBeNull();
    expect(zipCentroid("abc")).toBeNull();
    expect(zipCentroid(null)).toBeNull();
  });
});
