/** Character codes. */
const T = 84;
const Z = 90;
const SPACE = 32;
const DOT = 46;
const DASH = 45;
const COLON = 58;
const ZERO = 48;

/**
 * An instant the databases hand over as text, in the ISO-8601 form `Date#toISOString` gives
 * (2026-11-22T19:00:00.000Z), without building a Date: parsing and formatting one costs about a
 * microsecond each, and a list page answers a hundred of them. Accepts the forms the drivers
 * give for a UTC timestamp with millisecond precision: Prisma's SQLite text
 * (`2026-11-22T19:00:00.000+00:00`), the ISO form itself, and PostgreSQL's text for a timestamp
 * without time zone (`2026-11-22 19:00:00`, `.5`, `.123`). Anything else, or a day that does not
 * exist, gives null: the caller then goes through Date as before.
 */
export function isoTextOf(text: string): string | null {
  const length = text.length;
  if (length < 19 || !isCalendarInstant(text)) return null;
  const separator = text.charCodeAt(10);
  if (separator === T) {
    if (length === 29 && text.endsWith("+00:00") && hasMillis(text)) {
      return `${text.slice(0, 23)}Z`;
    }
    if (length === 24 && text.charCodeAt(23) === Z && hasMillis(text)) return text;
    return null;
  }
  if (separator !== SPACE) return null;
  const seconds = `${text.slice(0, 10)}T${text.slice(11, 19)}`;
  if (length === 19) return `${seconds}.000Z`;
  if (text.charCodeAt(19) !== DOT || length < 21 || length > 23 || !digits(text, 20, length)) return null;
  return `${seconds}.${text.slice(20).padEnd(3, "0")}Z`;
}

function digits(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index) - ZERO;
    if (code < 0 || code > 9) return false;
  }
  return true;
}

function number(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index++) value = value * 10 + text.charCodeAt(index) - ZERO;
  return value;
}

function hasMillis(text: string): boolean {
  return text.charCodeAt(19) === DOT && digits(text, 20, 23);
}

/** `YYYY-MM-DD?hh:mm:ss` at the start of `text`, a real day and time of the years 1000-9999. */
function isCalendarInstant(text: string): boolean {
  if (
    !digits(text, 0, 4) ||
    text.charCodeAt(4) !== DASH ||
    !digits(text, 5, 7) ||
    text.charCodeAt(7) !== DASH ||
    !digits(text, 8, 10) ||
    !digits(text, 11, 13) ||
    text.charCodeAt(13) !== COLON ||
    !digits(text, 14, 16) ||
    text.charCodeAt(16) !== COLON ||
    !digits(text, 17, 19)
  ) {
    return false;
  }
  const year = number(text, 0, 4);
  const month = number(text, 5, 7);
  const day = number(text, 8, 10);
  return (
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    number(text, 11, 13) <= 23 &&
    number(text, 14, 16) <= 59 &&
    number(text, 17, 19) <= 59
  );
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
