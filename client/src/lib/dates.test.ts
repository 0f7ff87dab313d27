import { describe, expect, it } from "vitest";
import { dayBounds, formatDateTime, fromDateTimeInput, toDateTimeInput, zoneLabel } from "./dates.ts";
import { setStoredZone } from "./viewer-zone.ts";

describe("screen dates in the viewer's zone", () => {
  it("follow the user's stored zone", () => {
    setStoredZone("America/Chicago");
    expect(formatDateTime("2026-11-21T14:05:00.000Z")).toBe("11/21/2026 08:05 CST");
    expect(toDateTimeInput("2026-11-21T14:05:00.000Z")).toBe("2026-11-21T08:05");
    expect(fromDateTimeInput("2026-11-21T08:05")).toBe("2026-11-21T14:05:00.000Z");
    expect(dayBounds("2026-11-21")?.start).toBe("2026-11-21T06:00:00.000Z");
    expect(zoneLabel(new Date("2026-11-21T14:05:00.000Z"))).toBe("Central (CST)");
  });

  it("fall back to Eastern when nothing is chosen and the machine is not in a US zone", () => {
    setStoredZone(null);
    // The test machine runs in UTC: not a US zone, so Eastern.
    if (Intl.DateTimeFormat().resolvedOptions().timeZone === "UTC") {
      expect(formatDateTime("2026-11-21T13:05:00.000Z")).toBe("11/21/2026 08:05 EST");
    }
  });
});
