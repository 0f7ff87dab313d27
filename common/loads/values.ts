import { instantOf, isProductYear, isRealDateTime, isUsTimeZone, type UsTimeZone } from "../date-time.ts";
import type { Problem } from "../fields.ts";
import { type MoneyProblem, parseMoneyCents } from "../money.ts";

/**
 * The load's value lists and field parsers, shared by every input (edit form, manual assignment,
 * bulk upload: tens of thousands of cells, so no schema library per cell) on both sides. Each
 * returns the parsed value or a `Problem` with the message to show.
 */

export const LOAD_STATUSES = ["pending", "in_transit", "delivered", "cancelled"] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
export const LOAD_MODES = ["TRUCK", "RAIL", "SHIP", "AIR"] as const;
export type LoadMode = (typeof LOAD_MODES)[number];
export const STOP_TYPES = ["pickup", "stop", "delivery"] as const;
export type StopType = (typeof STOP_TYPES)[number];

export const STOPS_MESSAGE = "Stops debe ser un número válido mayor o igual a 0";

/** "In Transit", "in-transit" and "IN_TRANSIT" all mean in_transit; "canceled" means cancelled. */
const STATUS_BY_KEY: Record<string, LoadStatus> = {
  pending: "pending",
  intransit: "in_transit",
  delivered: "delivered",
  cancelled: "cancelled",
  canceled: "cancelled",
};

export function parseStatus(text: string): LoadStatus | Problem {
  const status = STATUS_BY_KEY[text.toLowerCase().replace(/[\s_-]+/g, "")];
  return status ?? { problem: `Unknown status '${text}' (use pending, in_transit, delivered or cancelled)` };
}

export function parseMode(text: string): LoadMode | Problem {
  const mode = text.trim().toUpperCase();
  return (LOAD_MODES as readonly string[]).includes(mode)
    ? (mode as LoadMode)
    : { problem: `Unknown mode '${text}' (use TRUCK, RAIL, SHIP or AIR)` };
}

export function parseStopType(text: string): StopType | Problem {
  const type = text.trim().toLowerCase();
  return (STOP_TYPES as readonly string[]).includes(type)
    ? (type as StopType)
    : { problem: `Unknown stop type '${text}' (use pickup, stop or delivery)` };
}

const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/** A number >= 0; "12,500.5" is read as 12500.5. */
export function parseNonNegativeNumber(text: string, label: string): number | Problem {
  const trimmed = text.trim();
  const value = Number(THOUSANDS.test(trimmed) ? trimmed.replaceAll(",", "") : trimmed);
  if (trimmed === "") return { problem: `${label} needs a number of 0 or more` };
  if (!Number.isFinite(value)) return { problem: `${label} '${trimmed}' is not a number` };
  if (value < 0) return { problem: `${label} must be 0 or more` };
  return value;
}

const MONEY_CELL_PROBLEMS: Record<MoneyProblem, (label: string, text: string) => string> = {
  missing: (label) => `${label} needs an amount in dollars`,
  not_a_number: (label, text) => `${label} '${text}' is not an amount in dollars`,
  negative: (label) => `${label} must be 0 or more`,
  too_precise: (label) => `${label} has more than two decimals`,
  too_large: (label) => `${label} is too large`,
  too_small: (label) => `${label} must be 0 or more`,
};

/** A money cell, e.g. '1650', '1,650.00' or '$1,650.00': its cents, or what is wrong with it. */
export function parseMoneyCell(text: string, label: string): number | Problem {
  const trimmed = text.trim();
  const bare = trimmed.replace(/^\$\s*/, "");
  const result = parseMoneyCents(THOUSANDS.test(bare) ? bare.replaceAll(",", "") : bare);
  return "cents" in result ? result.cents : { problem: MONEY_CELL_PROBLEMS[result.problem](label, trimmed) };
}

/** The stop count and stop sequences: whole numbers >= 0. */
export function parseStopNumber(value: unknown): number | Problem {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= 0 && number <= 1_000_000
    ? number
    : { problem: STOPS_MESSAGE };
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1", "si", "sí", "x"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

export function parseYesNo(text: string, label: string): boolean | Problem {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return { problem: `${label} must be yes or no` };
}

const ISO_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;

/** Where a date written without an offset is read. */
export type DateReadZone = UsTimeZone | "UTC";

/**
 * ISO 8601 (2026-11-21, 2026-11-21T08:30, 2026-11-21T08:30:00Z) or US (11/21/2026,
 * 11/21/2026 8:30 AM). An explicit offset or Z is always honoured; a date or time without one is
 * read in `zone`: UTC for API inputs (the screens send instants), the uploader's zone for uploads.
 */
export function parseDateValue(text: string, label: string, zone: DateReadZone = "UTC"): Date | Problem {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) {
    const [, year, month, day, hour, minute, second, millis, offset] = iso;
    return buildDate(
      label,
      trimmed,
      [Number(year), Number(month), Number(day)],
      [Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0), Number((millis ?? "0").padEnd(3, "0"))],
      offset ?? zone,
    );
  }
  const us = US_DATE.exec(trimmed);
  if (us) {
    const [, month, day, rawYear, rawHour, minute, second, meridiem] = us;
    const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
    let hour = Number(rawHour ?? 0);
    if (meridiem) {
      if (hour < 1 || hour > 12) return invalidDate(label, trimmed);
      hour = (hour % 12) + (meridiem.toUpperCase() === "PM" ? 12 : 0);
    }
    return buildDate(
      label,
      trimmed,
      [year, Number(month), Number(day)],
      [hour, Number(minute ?? 0), Number(second ?? 0), 0],
      zone,
    );
  }
  return invalidDate(label, trimmed);
}

/** The one message for a date that cannot be read. */
export function invalidDate(label: string, text: string): Problem {
  return { problem: `${label} '${text}' is not a valid date` };
}

function buildDate(
  label: string,
  text: string,
  [year, month, day]: number[],
  [hour, minute, second, millis]: number[],
  /** An offset written in the text ('Z', '-05:00'), else the zone to read the wall time in. */
  zone: string,
): Date | Problem {
  // The shared date rule (common/date-time.ts): a real day and time of the product's years.
  if (!isRealDateTime(year, month, day, hour, minute, second) || !isProductYear(year)) {
    return invalidDate(label, text);
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  if (isUsTimeZone(zone)) return new Date(utc - zoneOffsetAt(year, month, day, hour, zone));
  return new Date(utc - offsetMinutes(zone) * 60_000);
}

/**
 * How far the zone's wall clock runs ahead of UTC during this wall-clock hour, in ms. A US zone
 * changes its offset at most once a day, on a whole hour: a day whose first and last hours have
 * the same offset has it all day. So one pair of lookups per zone and day serves a whole upload's
 * dates (tens of thousands of cells) instead of two Intl calls per cell; only the two changeover
 * days of a year are looked up hour by hour.
 */
const dayOffsets = new Map<string, number | null>();
const hourOffsets = new Map<string, number>();
const CACHE_LIMIT = 50_000;

function hourOffset(year: number, month: number, day: number, hour: number, zone: UsTimeZone): number {
  const hourStart = Date.UTC(year, month - 1, day, hour);
  const key = `${zone}|${hourStart}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    offset = hourStart - instantOf({ year, month, day, hour, minute: 0, second: 0 }, zone).getTime();
    if (hourOffsets.size >= CACHE_LIMIT) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return offset;
}

export function zoneOffsetAt(
  year: number,
  month: number,
  day: number,
  hour: number,
  zone: UsTimeZone,
): number {
  const key = `${zone}|${year}-${month}-${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = hourOffset(year, month, day, 0, zone);
    offset = first === hourOffset(year, month, day, 23, zone) ? first : null;
    if (dayOffsets.size >= CACHE_LIMIT) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? hourOffset(year, month, day, hour, zone);
}

function offsetMinutes(offset: string): number {
  if (offset === "UTC" || offset.toUpperCase() === "Z") return 0;
  const sign = offset.startsWith("-") ? -1 : 1;
  const digits = offset.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

/** Tracking links become anchors in the list: only http(s) URLs. */
export function parseTrackingLink(text: string): string | Problem {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    if (url.protocol === "http:" || url.protocol === "https:") return trimmed;
  } catch {
    // not a URL
  }
  return { problem: "Tracking link must be an http(s) URL" };
}
