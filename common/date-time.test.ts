import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dateProblemMessage,
  dayBounds,
  formatCalendarDay,
  formatDateTime,
  fromDateTimeInput,
  isRealDateTime,
  readInstant,
  resolveTimeZone,
  toDateTimeInput,
  zoneAbbreviation,
} from "./date-time.ts";
import { instantInput } from "./instant-input.ts";

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

describe("the date input rule", () => {
  it("reads ISO-8601 days and date-times, UTC unless an offset is given", () => {
    expect(readInstant("2026-11-21")).toEqual(new Date("2026-11-21T00:00:00.000Z"));
    expect(readInstant("2026-11-21T08:30")).toEqual(new Date("2026-11-21T08:30:00.000Z"));
    expect(readInstant(" 2026-11-21T08:30:15.1234Z ")).toEqual(new Date("2026-11-21T08:30:15.123Z"));
    expect(readInstant("2026-11-21T08:30:00-05:00")).toEqual(new Date("2026-11-21T13:30:00.000Z"));
    expect(readInstant("2024-02-29T00:00:00+0530")).toEqual(new Date("2024-02-28T18:30:00.000Z"));
    expect(readInstant(Date.UTC(2026, 0, 2))).toEqual(new Date("2026-01-02T00:00:00.000Z"));
    expect(readInstant(new Date("2100-12-31T23:59:59Z"))).toEqual(new Date("2100-12-31T23:59:59Z"));
  });

  it("refuses days and times that do not exist instead of rolling them over", () => {
    for (const text of [
      "2026-02-30",
      "2026-02-29T10:00:00Z",
      "2026-04-31",
      "2026-13-01",
      "2026-11-21T24:00",
    ]) {
      expect(readInstant(text), text).toBe("calendar");
    }
    expect(readInstant("2028-02-29")).toBeInstanceOf(Date);
  });

  it("refuses years outside 2000 to 2100, and anything that is not ISO-8601", () => {
    for (const value of [
      "0001-01-01",
      "1999-12-31T23:59:59Z",
      "2101-01-01",
      -1e15,
      new Date(Date.UTC(1970, 0, 1)),
    ]) {
      expect(readInstant(value), String(value)).toBe("range");
    }
    for (const value of ["11/21/2026", "tomorrow", "2026-1-2", "+020260-01-01", "", null, true, Number.NaN]) {
      expect(readInstant(value), String(value)).toBe("format");
    }
  });

  it("says what is wrong, naming the field, and is a zod rule", () => {
    expect(dateProblemMessage("calendar", "dueDate")).toBe("dueDate is not a real calendar date");
    expect(dateProblemMessage("range", "recordedAt")).toBe(
      "recordedAt must be between the years 2000 and 2100",
    );
    expect(instantInput("pickupDate").safeParse("2026-02-30").error?.issues[0].message).toBe(
      "pickupDate is not a real calendar date",
    );
    expect(instantInput("pickupDate").parse("2026-03-02")).toEqual(new Date("2026-03-02T00:00:00.000Z"));
  });

  it("property: every real day of 2000-2100 reads back as itself, every day past its month's end is refused", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
          expect(isRealDateTime(year, month, day)).toBe(real);
          const read = readInstant(text);
          if (real) expect((read as Date).toISOString().slice(0, 10)).toBe(text);
          else expect(read).toBe("calendar");
        },
      ),
      { seed: 20261124, numRuns: 1000 },
    );
  });
});

describe("calendar days", () => {
  it("reads a stored day (its UTC midnight) as MM/DD/YYYY, never the day before", () => {
    expect(formatCalendarDay("2027-01-10T00:00:00.000Z")).toBe("01/10/2027");
    expect(formatCalendarDay(new Date("2026-12-31T00:00:00Z"))).toBe("12/31/2026");
  });
});
