import { describe, expect, it } from "vitest";
import { instantOf, US_TIME_ZONES } from "../date-time.ts";
import { isProblem } from "../fields.ts";
import {
  parseDateValue,
  parseMode,
  parseNonNegativeNumber,
  parseStatus,
  parseStopNumber,
  parseTrackingLink,
  parseYesNo,
  STOPS_MESSAGE,
  zoneOffsetAt,
} from "./values.ts";

const iso = (value: Date | { problem: string }) => (isProblem(value) ? value.problem : value.toISOString());

describe("parseDateValue", () => {
  it("reads ISO dates and times, without a zone as UTC", () => {
    expect(iso(parseDateValue("2026-11-21", "Pickup Date"))).toBe("2026-11-21T00:00:00.000Z");
    expect(iso(parseDateValue("2026-11-21T08:30", "Pickup Date"))).toBe("2026-11-21T08:30:00.000Z");
    expect(iso(parseDateValue("2026-11-21 08:30:15.250", "Pickup Date"))).toBe("2026-11-21T08:30:15.250Z");
    expect(iso(parseDateValue("2026-11-21T08:30:00-05:00", "Pickup Date"))).toBe("2026-11-21T13:30:00.000Z");
    expect(iso(parseDateValue("2026-11-21T08:30:00Z", "Pickup Date"))).toBe("2026-11-21T08:30:00.000Z");
  });

  it("reads US dates with optional 24-hour or AM/PM times", () => {
    expect(iso(parseDateValue("11/21/2026", "d"))).toBe("2026-11-21T00:00:00.000Z");
    expect(iso(parseDateValue("3/7/26 14:05", "d"))).toBe("2026-03-07T14:05:00.000Z");
    expect(iso(parseDateValue("11/21/2026 8:30 PM", "d"))).toBe("2026-11-21T20:30:00.000Z");
    expect(iso(parseDateValue("11/21/2026 12:00 AM", "d"))).toBe("2026-11-21T00:00:00.000Z");
  });

  it("reads zone-less dates in the given zone, across daylight saving, and keeps explicit offsets", () => {
    const chicago = (text: string) => iso(parseDateValue(text, "Pickup Date", "America/Chicago"));
    expect(chicago("2026-11-21T08:30")).toBe("2026-11-21T14:30:00.000Z");
    expect(chicago("2026-07-04 08:30:15.250")).toBe("2026-07-04T13:30:15.250Z");
    expect(chicago("11/21/2026")).toBe("2026-11-21T06:00:00.000Z");
    expect(chicago("3/8/2026 3:30 AM")).toBe("2026-03-08T08:30:00.000Z");
    expect(chicago("3/8/2026 1:30 AM")).toBe("2026-03-08T07:30:00.000Z");
    expect(chicago("2026-11-21T08:30:00-05:00")).toBe("2026-11-21T13:30:00.000Z");
    expect(chicago("2026-11-21T08:30:00Z")).toBe("2026-11-21T08:30:00.000Z");
    expect(iso(parseDateValue("11/21/2026 8:30 PM", "d", "America/Los_Angeles"))).toBe(
      "2026-11-22T04:30:00.000Z",
    );
    expect(chicago("2026-02-30T08:00")).toBe("Pickup Date '2026-02-30T08:00' is not a valid date");
  });

  it("reads every hour of a year in every US zone as the zone's own clock does (the offset cache)", () => {
    for (const { zone } of US_TIME_ZONES) {
      for (let day = 0; day < 366; day++) {
        const date = new Date(Date.UTC(2026, 0, 1 + day));
        const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        // Hours out of order, so a day's cached offset is asked for before its own first hour.
        for (const hour of [12, 2, 1, 3, 0, 23, 22, 4, 11]) {
          const wall = { year, month, day: dayOfMonth, hour, minute: 0, second: 0 };
          expect(
            Date.UTC(year, month - 1, dayOfMonth, hour) - zoneOffsetAt(year, month, dayOfMonth, hour, zone),
          ).toBe(instantOf(wall, zone).getTime());
        }
      }
    }
  });

  it("refuses impossible or unreadable dates, naming the field", () => {
    for (const text of [
      "2026-02-30",
      "13/01/2026",
      "2026-11-21T25:00",
      "tomorrow",
      "",
      "11/21/2026 13:00 PM",
    ]) {
      expect(parseDateValue(text, "Pickup Date")).toEqual({
        problem: `Pickup Date '${text}' is not a valid date`,
      });
    }
  });
});

describe("field values", () => {
  it("normalizes statuses and modes", () => {
    expect(parseStatus("In Transit")).toBe("in_transit");
    expect(parseStatus("in-transit")).toBe("in_transit");
    expect(parseStatus("CANCELED")).toBe("cancelled");
    expect(parseStatus("lost")).toEqual({
      problem: "Unknown status 'lost' (use pending, in_transit, delivered or cancelled)",
    });
    expect(parseMode(" rail ")).toBe("RAIL");
    expect(isProblem(parseMode("boat"))).toBe(true);
  });

  it("reads numbers >= 0, with thousands separators", () => {
    expect(parseNonNegativeNumber("12,500.5", "Weight")).toBe(12500.5);
    expect(parseNonNegativeNumber("0", "Weight")).toBe(0);
    expect(parseNonNegativeNumber("-1", "Weight")).toEqual({ problem: "Weight must be 0 or more" });
    expect(parseNonNegativeNumber(" ", "Weight")).toEqual({ problem: "Weight needs a number of 0 or more" });
    for (const text of ["n/a", "abc", "1,2"]) {
      expect(parseNonNegativeNumber(text, "Weight")).toEqual({ problem: `Weight '${text}' is not a number` });
    }
  });

  it("accepts only whole numbers >= 0 as stops, with the spec's message", () => {
    expect(parseStopNumber(3)).toBe(3);
    expect(parseStopNumber("0")).toBe(0);
    for (const value of [-1, 1.5, "x", "", null, undefined, "2.0a"]) {
      expect(parseStopNumber(value)).toEqual({ problem: STOPS_MESSAGE });
    }
    expect(STOPS_MESSAGE).toBe("Stops debe ser un número válido mayor o igual a 0");
  });

  it("reads yes/no and only http(s) tracking links", () => {
    expect(parseYesNo("Yes", "x")).toBe(true);
    expect(parseYesNo("0", "x")).toBe(false);
    expect(isProblem(parseYesNo("maybe", "x"))).toBe(true);
    expect(parseTrackingLink("https://track.example.com/a?b=1")).toBe("https://track.example.com/a?b=1");
    expect(isProblem(parseTrackingLink("javascript:alert(1)"))).toBe(true);
  });
});
