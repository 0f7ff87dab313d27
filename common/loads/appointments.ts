import { DateTime, IANAZone } from "luxon";
import { isProductYear, isRealDateTime } from "../date-time.ts";

/**
 * Appointments in facility time (issue 28). A stop's appointment window is stored as instants and
 * entered and shown on the facility's clock: the IANA zone of the NASS facility (its coordinates,
 * server/nass/time-zone.ts), with that zone's abbreviation ('03/14/2027 08:00 MDT'). A wall-clock
 * time that the zone skips (spring forward) or lives twice (fall back) is refused, never guessed.
 */

/** Read a wall-clock time as: `2027-03-14T08:00` (a datetime-local input), `2027-03-14 08:00` or `03/14/2027 08:00`. */
export const FACILITY_TIME_FORMATS = "YYYY-MM-DD HH:mm or MM/DD/YYYY HH:mm (24-hour, facility time)";

export type FacilityTimeProblem = "format" | "calendar" | "range" | "zone" | "skipped" | "repeated";

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const ISO_WALL = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::00)?$/;
const US_WALL = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::00)?$/;

/** The wall-clock fields of a typed time, or null when it is none of the accepted forms. */
export function readWallTime(text: string): WallTime | null {
  const value = text.trim();
  const iso = ISO_WALL.exec(value);
  if (iso) {
    const [year, month, day, hour, minute] = iso.slice(1).map(Number);
    return { year, month, day, hour, minute };
  }
  const us = US_WALL.exec(value);
  if (us) {
    const [month, day, year, hour, minute] = us.slice(1).map(Number);
    return { year, month, day, hour, minute };
  }
  return null;
}

export function isKnownZone(zone: string | null | undefined): zone is string {
  return typeof zone === "string" && zone !== "" && IANAZone.isValidZone(zone);
}

/**
 * The instant at which the facility's clock reads this wall time, or why there is none: the zone
 * skips it (the hour clocks spring forward) or reads it twice (the hour they fall back).
 */
export function instantInZone(wall: WallTime, zone: string): Date | FacilityTimeProblem {
  if (!isKnownZone(zone)) return "zone";
  if (!isRealDateTime(wall.year, wall.month, wall.day, wall.hour, wall.minute)) return "calendar";
  if (!isProductYear(wall.year)) return "range";
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const ianaZone = IANAZone.create(zone);
  // Every offset the zone has within a day of this time; an instant is an answer when the zone's
  // clock, at that instant, reads the wall time asked for.
  const offsets = new Set([-36, -12, 0, 12, 36].map((hours) => ianaZone.offset(asUtc + hours * 3_600_000)));
  const answers = [...new Set([...offsets].map((offset) => asUtc - offset * 60_000))].filter(
    (instant) => ianaZone.offset(instant) * 60_000 === asUtc - instant,
  );
  if (answers.length === 0) return "skipped";
  if (answers.length > 1) return "repeated";
  return new Date(answers[0]);
}

/** A typed facility time (see FACILITY_TIME_FORMATS) as an instant, or why it is refused. */
export function parseFacilityTime(text: string, zone: string): Date | FacilityTimeProblem {
  const wall = readWallTime(text);
  if (!wall) return "format";
  return instantInZone(wall, zone);
}

/** The words for a refused facility time; `label` names the field, `text` is what was typed. */
export function facilityTimeMessage(problem: FacilityTimeProblem, label: string, text: string, zone: string) {
  switch (problem) {
    case "format":
      return `${label} must be ${FACILITY_TIME_FORMATS}`;
    case "calendar":
      return `${label} is not a real calendar date and time`;
    case "range":
      return `${label} must be between the years 2000 and 2100`;
    case "zone":
      return `${label} needs the facility's time zone: give the NASS code coordinates`;
    case "skipped":
      return `${label} ${text.trim()} does not exist in ${zone} (clocks spring forward that night)`;
    case "repeated":
      return `${label} ${text.trim()} happens twice in ${zone} (clocks fall back that night); choose another time`;
  }
}

/** '03/14/2027 08:00 MDT': an instant on the facility's clock, with the zone's abbreviation then. */
export function formatInZone(
  at: string | Date | null | undefined,
  zone: string | null | undefined,
): string | null {
  if (!at) return null;
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const local = DateTime.fromJSDate(date, { zone: isKnownZone(zone) ? zone : "UTC" }).setLocale("en-US");
  return local.toFormat("MM/dd/yyyy HH:mm ZZZZ");
}

/** The value of an <input type="datetime-local"> for an instant on the facility's clock. */
export function toZoneInput(at: string | Date | null | undefined, zone: string): string {
  if (!at || !isKnownZone(zone)) return "";
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return "";
  return DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The zone's abbreviation at an instant (now by default): 'MST', 'MDT'. */
export function zoneAbbreviationAt(zone: string, at: Date = new Date()): string {
  if (!isKnownZone(zone)) return zone;
  return DateTime.fromJSDate(at, { zone }).setLocale("en-US").toFormat("ZZZZ");
}

/** A window's two ends as one text: '03/14/2027 08:00 MDT – 10:00 MDT' (the day once when the same). */
export function formatWindow(
  from: string | Date | null | undefined,
  to: string | Date | null | undefined,
  zone: string | null | undefined,
): string | null {
  const start = formatInZone(from, zone);
  if (!start) return null;
  const end = formatInZone(to, zone);
  if (!end) return start;
  return start.slice(0, 10) === end.slice(0, 10) ? `${start} – ${end.slice(11)}` : `${start} – ${end}`;
}

export const APPOINTMENT_TEXTS = {
  toBeforeFrom: "Appointment to must not be before appointment from",
  toWithoutFrom: "Appointment to needs an appointment from (from alone is a fixed appointment time)",
  noStop: "Stop not found",
  notArrived: "The stop has no arrival yet: mark it arrived first",
  departedBeforeArrived: "Departure must not be before the arrival",
  alreadyArrived: "The stop is already marked arrived",
  alreadyDeparted: "The stop is already marked departed",
  noDetention: "This stop has no detention to accept",
  detentionAccepted: "This stop's detention is already accepted",
} as const;

/** The detention rule's settings (env DETENTION_FREE_MINUTES, DETENTION_RATE_CENTS_PER_HOUR). */
export interface DetentionTerms {
  freeMinutes: number;
  rateCentsPerHour: number;
}

export const DEFAULT_DETENTION_TERMS: DetentionTerms = { freeMinutes: 120, rateCentsPerHour: 7500 };

/** Billable detention is counted in quarter hours, each one begun counts whole. */
export const DETENTION_INCREMENT_MINUTES = 15;

export interface DetentionVisit {
  arrivedAt: Date | string | null;
  departedAt: Date | string | null;
  appointmentFrom: Date | string | null;
}

export interface DetentionFigures {
  /** When the clock started: the later of the arrival and the appointment. */
  startedAt: Date;
  dwellMinutes: number;
  /** Minutes beyond the free time, rounded up to whole quarter hours. */
  billableMinutes: number;
  /** billableMinutes in hours (0.25 steps). */
  hoursOver: number;
  amountCents: number;
}

const toDate = (value: Date | string | null): Date | null => {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * Detention of one stop visit: dwell = departed - max(arrived, appointment from). Beyond the free
 * time it is billed per begun quarter hour at the hourly rate. Null when the stop was not both
 * arrived at and departed, or the dwell stays within the free time.
 */
export function detentionOf(visit: DetentionVisit, terms: DetentionTerms): DetentionFigures | null {
  const arrived = toDate(visit.arrivedAt);
  const departed = toDate(visit.departedAt);
  if (!arrived || !departed) return null;
  const appointment = toDate(visit.appointmentFrom);
  const startedAt = appointment && appointment > arrived ? appointment : arrived;
  const dwellMinutes = Math.floor((departed.getTime() - startedAt.getTime()) / 60_000);
  const over = dwellMinutes - terms.freeMinutes;
  if (over <= 0) return null;
  const billableMinutes = Math.ceil(over / DETENTION_INCREMENT_MINUTES) * DETENTION_INCREMENT_MINUTES;
  return {
    startedAt,
    dwellMinutes,
    billableMinutes,
    hoursOver: billableMinutes / 60,
    amountCents: Math.round((billableMinutes * terms.rateCentsPerHour) / 60),
  };
}
