/**
 * The one date-time rule of the product (client and server).
 *
 * - Zone: every date is shown, and every date a person types is read, in the viewer's time zone:
 *   the zone chosen on My Account (stored on the user). Until one is chosen, the browser's own zone
 *   when it is one of the four US zones, else Eastern (the spec's default).
 * - Format: 24-hour 'MM/DD/YYYY HH:mm' followed by the zone's abbreviation ('11/21/2026 08:30 EST'),
 *   so every shown date says which zone it is in.
 * - Stored and sent: ISO 8601 instants (UTC). Calendar dates (billing due and payment dates) are
 *   days, not instants, and carry no zone.
 */

/** The My Account zones (spec section 9); Eastern first, the default. */
export const US_TIME_ZONES = [
  { label: "Eastern", zone: "America/New_York" },
  { label: "Central", zone: "America/Chicago" },
  { label: "Mountain", zone: "America/Denver" },
  { label: "Pacific", zone: "America/Los_Angeles" },
] as const;

export type UsTimeZone = (typeof US_TIME_ZONES)[number]["zone"];
export const DEFAULT_TIME_ZONE: UsTimeZone = "America/New_York";

export function isUsTimeZone(value: unknown): value is UsTimeZone {
  return US_TIME_ZONES.some((entry) => entry.zone === value);
}

/** The zone a viewer sees: their stored choice, else the browser's US zone, else Eastern. */
export function resolveTimeZone(stored: string | null | undefined, browserZone?: string | null): UsTimeZone {
  if (isUsTimeZone(stored)) return stored;
  if (isUsTimeZone(browserZone)) return browserZone;
  return DEFAULT_TIME_ZONE;
}

export function timeZoneLabel(zone: UsTimeZone): string {
  return US_TIME_ZONES.find((entry) => entry.zone === zone)?.label ?? zone;
}

const pad = (value: number) => String(value).padStart(2, "0");

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "short",
    });
    partFormats.set(zone, format);
  }
  return format;
}

function wallClock(at: Date, zone: string): WallClock & { abbreviation: string } {
  const parts = partsFormat(zone).formatToParts(at);
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value("year"),
    month: value("month"),
    day: value("day"),
    hour: value("hour") % 24,
    minute: value("minute"),
    second: value("second"),
    abbreviation: parts.find((part) => part.type === "timeZoneName")?.value ?? "",
  };
}

function parseInstant(iso: string | Date | null | undefined): Date | null {
  if (!iso) return null;
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The zone's abbreviation at that moment: 'EST' or 'EDT'. */
export function zoneAbbreviation(zone: UsTimeZone, at: Date = new Date()): string {
  return wallClock(at, zone).abbreviation;
}

/** '11/21/2026 08:30 EST' in the zone, or null for no (or an unreadable) date. */
export function formatDateTime(iso: string | Date | null | undefined, zone: UsTimeZone): string | null {
  const date = parseInstant(iso);
  if (!date) return null;
  const wall = wallClock(date, zone);
  return `${pad(wall.month)}/${pad(wall.day)}/${wall.year} ${pad(wall.hour)}:${pad(wall.minute)} ${wall.abbreviation}`;
}

/**
 * A calendar day (a billing date: stored as its UTC midnight, no time of day) in the screens' date
 * order: '01/10/2027'. It carries no time or zone on purpose: a day has none, and a midnight put in
 * the viewer's zone would show the day before in every US zone.
 */
export function formatCalendarDay(day: string | Date): string {
  const date = typeof day === "string" ? new Date(day) : day;
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** The value of an <input type="datetime-local"> for an instant, in the zone: '2026-11-21T08:30'. */
export function toDateTimeInput(iso: string | null | undefined, zone: UsTimeZone): string {
  const date = parseInstant(iso);
  if (!date) return "";
  const wall = wallClock(date, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant at which the zone's clock reads this wall time (the later one in a fall-back hour). */
export function instantOf(wall: WallClock, zone: UsTimeZone): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offsetAt = (ms: number) => {
    const seen = wallClock(new Date(ms), zone);
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - ms;
  };
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return new Date(second);
}

/**
 * A datetime-local value typed by the viewer, read in their zone, as an ISO instant; null for
 * empty, undefined when unreadable.
 */
export function fromDateTimeInput(value: string, zone: UsTimeZone): string | null | undefined {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return undefined;
  }
  return instantOf({ year, month, day, hour, minute, second: second || 0 }, zone).toISOString();
}

/** A date filter's bounds: the whole day of an <input type="date"> value ('2026-11-21') in the zone. */
export function dayBounds(value: string, zone: UsTimeZone): { start: string; end: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const start = instantOf({ year, month, day, hour: 0, minute: 0, second: 0 }, zone);
  const end = instantOf(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    },
    zone,
  );
  return { start: start.toISOString(), end: new Date(end.getTime() - 1).toISOString() };
}

/**
 * The one rule for a date a caller sends (GraphQL's DateTime, REST bodies, upload cells, billing
 * days, device positions): a real calendar day and time (2026-02-30 and 24:00 are refused, never
 * rolled over into March or the next day) within the years the product works in. Each input keeps
 * its own formats and messages on top (loads read US dates and zones; billing takes days).
 */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2100;

/** Whether these wall-clock fields name a day that exists and a time of day (any year). */
export function isRealDateTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const fields = [year, month, day, hour, minute, second];
  if (!fields.every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return false;
  if (second < 0 || second > 59) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether a year is one the product's dates fall in (EARLIEST_YEAR to LATEST_YEAR). */
export const isProductYear = (year: number): boolean => year >= EARLIEST_YEAR && year <= LATEST_YEAR;

export type DateProblem = "format" | "calendar" | "range";

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function offsetMs(offset: string | undefined): number | null {
  if (!offset || offset.toUpperCase() === "Z") return 0;
  const digits = offset.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || 0);
  if (hours > 23 || minutes > 59) return null;
  return (offset.startsWith("-") ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/**
 * An instant a caller sends, or why it is refused. ISO-8601 text: a day (2026-11-21, midnight
 * UTC) or a date-time with optional seconds, fraction and offset (without one, UTC); its day and
 * time must exist. A Date or epoch milliseconds are taken as they are. Either way its year is
 * EARLIEST_YEAR to LATEST_YEAR.
 */
export function readInstant(value: unknown): Date | DateProblem {
  if (value instanceof Date || typeof value === "number") {
    const date = new Date(value instanceof Date ? value.getTime() : value);
    if (Number.isNaN(date.getTime())) return "format";
    return isProductYear(date.getUTCFullYear()) ? date : "range";
  }
  if (typeof value !== "string") return "format";
  const match = ISO_INSTANT.exec(value.trim());
  if (!match) return "format";
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (!isRealDateTime(year, month, day, hour, minute, second)) return "calendar";
  if (!isProductYear(year)) return "range";
  const offset = offsetMs(match[8]);
  if (offset === null) return "format";
  const millis = Number((match[7] ?? "0").slice(0, 3).padEnd(3, "0"));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset);
}

/** The message for a refused date; `label` names the field. */
export function dateProblemMessage(problem: DateProblem, label: string): string {
  switch (problem) {
    case "format":
      return `${label} must be an ISO-8601 date or date-time`;
    case "calendar":
      return `${label} is not a real calendar date`;
    case "range":
      return `${label} must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`;
  }
}
