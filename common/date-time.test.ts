import { describe, expect, it } from "vitest";
import {
  dayBounds,
  formatDateTime,
  fromDateTimeInput,
  resolveTimeZone,
  toDateTimeInput,
  zoneAbbreviation,
} from "./date-time.ts";

const EASTERN = "America/New_York";
const PACIFIC = "America/Los_Angeles";

describe("the one date-time rule", () => {
  it("shows 24-hour wall-clock time in the viewer's zone, labelled with the zone", () => {
    expect(formatDateTime("2026-11-21T13:05:00.000Z", EASTERN)).toBe("11/21/2026 08:05 EST");
    expect(formatDateTime("2026-07-04T03:30:00.000Z", PACIFIC)).toBe("07/03/2026 20:30 PDT");
    expect(formatDateTime("2026-11-21T05:00:00.000Z", EASTERN)).toBe("11/21/2026 00:00 EST");
    expect(formatDateTime(null, EASTERN)).toBeNull();
    expect(formatDateTime("nonsense", EASTERN)).toBeNull();
  });

  it("reads a typed date-time in the viewer's zone and round-trips it", () => {
    expect(fromDateTimeInput("2026-11-21T08:05", EASTERN)).toBe("2026-11-21T13:05:00.000Z");
    expect(fromDateTimeInput("2026-07-03T20:30", PACIFIC)).toBe("2026-07-04T03:30:00.000Z");
    expect(toDateTimeInput("2026-11-21T13:05:00.000Z", EASTERN)).toBe("2026-11-21T08:05");
    expect(toDateTimeInput(null, EASTERN)).toBe("");
    expect(fromDateTimeInput("", EASTERN)).toBeNull();
    expect(fromDateTimeInput("2026-02-31T10:00", EASTERN)).toBeUndefined();
    expect(fromDateTimeInput("tomorrow", EASTERN)).toBeUndefined();
  });

  it("handles the daylight-saving changes", () => {
    // Spring forward: 02:30 does not exist on 2026-03-08 in New York; it reads as 03:30 EDT.
    expect(fromDateTimeInput("2026-03-08T01:30", EASTERN)).toBe("2026-03-08T06:30:00.000Z");
    expect(fromDateTimeInput("2026-03-08T03:30", EASTERN)).toBe("2026-03-08T07:30:00.000Z");
    expect(zoneAbbreviation(EASTERN, new Date("2026-07-01T12:00:00Z"))).toBe("EDT");
    expect(zoneAbbreviation(EASTERN, new Date("2026-01-01T12:00:00Z"))).toBe("EST");
  });

  it("turns a date filter into the whole day in the zone", () => {
    expect(dayBounds("2026-11-21", EASTERN)).toEqual({
      start: "2026-11-21T05:00:00.000Z",
      end: "2026-11-22T04:59:59.999Z",
    });
    expect(dayBounds("", EASTERN)).toBeNull();
    expect(dayBounds("2026-13-01", EASTERN)).toBeNull();
  });

  it("uses the stored zone, else the browser's US zone, else Eastern", () => {
    expect(resolveTimeZone("America/Denver", "America/Chicago")).toBe("America/Denver");
    expect(resolveTimeZone(null, "America/Chicago")).toBe("America/Chicago");
    expect(resolveTimeZone(null, "Europe/Madrid")).toBe(EASTERN);
    expect(resolveTimeZone("Mars/Olympus", undefined)).toBe(EASTERN);
  });
});
