import { describe, expect, it } from "vitest";
import {
  DEFAULT_DETENTION_TERMS,
  detentionOf,
  facilityTimeMessage,
  formatInZone,
  formatWindow,
  parseFacilityTime,
  toZoneInput,
} from "./appointments.ts";

const DENVER = "America/Denver";

describe("facility time", () => {
  it("reads a wall-clock time on the facility's clock", () => {
    expect(parseFacilityTime("2027-03-14T08:00", DENVER)).toEqual(new Date("2027-03-14T14:00:00Z"));
    expect(parseFacilityTime("03/14/2027 08:00", DENVER)).toEqual(new Date("2027-03-14T14:00:00Z"));
    expect(parseFacilityTime("2027-01-10 08:00", DENVER)).toEqual(new Date("2027-01-10T15:00:00Z"));
    expect(parseFacilityTime("2027-07-01 08:00", "America/Phoenix")).toEqual(
      new Date("2027-07-01T15:00:00Z"),
    );
  });

  it("refuses a time the spring-forward night skips", () => {
    expect(parseFacilityTime("2027-03-14 02:30", DENVER)).toBe("skipped");
    expect(facilityTimeMessage("skipped", "Stop 1 appointment from", "2027-03-14 02:30", DENVER)).toBe(
      "Stop 1 appointment from 2027-03-14 02:30 does not exist in America/Denver (clocks spring forward that night)",
    );
    expect(parseFacilityTime("2027-03-14 03:00", DENVER)).toEqual(new Date("2027-03-14T09:00:00Z"));
    expect(parseFacilityTime("2027-03-14 01:59", DENVER)).toEqual(new Date("2027-03-14T08:59:00Z"));
  });

  it("refuses a time the fall-back night lives twice", () => {
    expect(parseFacilityTime("2027-11-07 01:30", DENVER)).toBe("repeated");
    expect(parseFacilityTime("2027-11-07 02:00", DENVER)).toEqual(new Date("2027-11-07T09:00:00Z"));
    expect(parseFacilityTime("2027-11-07 00:59", DENVER)).toEqual(new Date("2027-11-07T06:59:00Z"));
  });

  it("refuses what is not a real time or not a known zone", () => {
    expect(parseFacilityTime("2027-02-30 08:00", DENVER)).toBe("calendar");
    expect(parseFacilityTime("2027-03-14 24:00", DENVER)).toBe("calendar");
    expect(parseFacilityTime("tomorrow", DENVER)).toBe("format");
    expect(parseFacilityTime("2027-03-14 08:00", "Mars/Olympus")).toBe("zone");
    expect(parseFacilityTime("1990-03-14 08:00", DENVER)).toBe("range");
  });

  it("shows an instant on the facility's clock with the abbreviation in force then", () => {
    expect(formatInZone("2027-03-14T14:00:00Z", DENVER)).toBe("03/14/2027 08:00 MDT");
    expect(formatInZone("2027-01-10T15:00:00Z", DENVER)).toBe("01/10/2027 08:00 MST");
    expect(formatInZone("2027-03-14T14:00:00Z", "America/New_York")).toBe("03/14/2027 10:00 EDT");
    expect(formatInZone(null, DENVER)).toBeNull();
    expect(formatWindow("2027-03-14T14:00:00Z", "2027-03-14T16:00:00Z", DENVER)).toBe(
      "03/14/2027 08:00 MDT – 10:00 MDT",
    );
    expect(toZoneInput("2027-03-14T14:00:00Z", DENVER)).toBe("2027-03-14T08:00");
  });
});

describe("detention", () => {
  const at = (time: string) => new Date(`2027-03-15T${time}:00Z`);

  it("counts dwell from the later of arrival and appointment, beyond the free time, per begun quarter hour", () => {
    const figures = detentionOf(
      { arrivedAt: at("13:00"), appointmentFrom: at("14:00"), departedAt: at("17:10") },
      DEFAULT_DETENTION_TERMS,
    );
    expect(figures).toMatchObject({
      dwellMinutes: 190,
      billableMinutes: 75,
      hoursOver: 1.25,
      amountCents: 9375,
    });
    expect(figures?.startedAt).toEqual(at("14:00"));
  });

  it("starts at the arrival when the truck came late", () => {
    const figures = detentionOf(
      { arrivedAt: at("15:00"), appointmentFrom: at("14:00"), departedAt: at("18:00") },
      DEFAULT_DETENTION_TERMS,
    );
    expect(figures).toMatchObject({ dwellMinutes: 180, hoursOver: 1, amountCents: 7500 });
  });

  it("proposes nothing within the free time or without both times", () => {
    const within = { arrivedAt: at("14:00"), appointmentFrom: null, departedAt: at("16:00") };
    expect(detentionOf(within, DEFAULT_DETENTION_TERMS)).toBeNull();
    expect(detentionOf({ ...within, departedAt: null }, DEFAULT_DETENTION_TERMS)).toBeNull();
    expect(
      detentionOf({ ...within, departedAt: at("16:01") }, { freeMinutes: 120, rateCentsPerHour: 6000 }),
    ).toMatchObject({ billableMinutes: 15, amountCents: 1500 });
  });
});
