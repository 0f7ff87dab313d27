import { describe, expect, it } from "vitest";
import { dayBounds, formatDateTime, fromDateTimeInput, toDateTimeInput } from "./dates.ts";

describe("load dates", () => {
  it("show UTC wall-clock time", () => {
    expect(formatDateTime("2026-11-21T08:05:00.000Z")).toBe("11/21/2026 08:05");
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime("nonsense")).toBeNull();
  });

  it("round-trip through a datetime-local input", () => {
    expect(toDateTimeInput("2026-02-03T23:59:00.000Z")).toBe("2026-02-03T23:59");
    expect(fromDateTimeInput("2026-02-03T23:59")).toBe("2026-02-03T23:59:00.000Z");
    expect(toDateTimeInput(null)).toBe("");
    expect(fromDateTimeInput("")).toBeNull();
    expect(fromDateTimeInput("2026-02-31T10:00")).toBeUndefined();
    expect(fromDateTimeInput("tomorrow")).toBeUndefined();
  });

  it("turn a date filter into the whole UTC day", () => {
    expect(dayBounds("2026-11-21")).toEqual({
      start: "2026-11-21T00:00:00.000Z",
      end: "2026-11-21T23:59:59.999Z",
    });
    expect(dayBounds("")).toBeNull();
    expect(dayBounds("2026-13-01")).toBeNull();
  });
});
