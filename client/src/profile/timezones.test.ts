import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, isUsTimeZone, US_TIME_ZONES } from "../../../common/date-time.ts";
import { clockFace, msUntilNextMinute } from "./timezones.ts";

describe("clock", () => {
  it("offers Eastern, Central, Mountain and Pacific, Eastern by default", () => {
    expect(US_TIME_ZONES.map((zone) => zone.label)).toEqual(["Eastern", "Central", "Mountain", "Pacific"]);
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
    expect(isUsTimeZone("America/Denver")).toBe(true);
    expect(isUsTimeZone("Europe/Paris")).toBe(false);
  });

  it("formats one instant in each zone", () => {
    const instant = new Date("2026-01-15T17:05:00Z");
    expect(clockFace(instant, "America/New_York")).toEqual({
      time: "12:05 PM",
      date: "Thursday, January 15, 2026",
      abbreviation: "EST",
    });
    expect(clockFace(instant, "America/Chicago").time).toBe("11:05 AM");
    expect(clockFace(instant, "America/Denver").time).toBe("10:05 AM");
    expect(clockFace(instant, "America/Los_Angeles")).toMatchObject({ time: "9:05 AM", abbreviation: "PST" });
    expect(clockFace(new Date("2026-07-15T17:05:00Z"), "America/New_York").abbreviation).toBe("EDT");
  });

  it("ticks on the minute", () => {
    expect(msUntilNextMinute(120_000)).toBe(60_000);
    expect(msUntilNextMinute(125_500)).toBe(54_500);
  });
});
