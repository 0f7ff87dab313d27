/**
 * Load dates are shown and edited as written in the uploaded files: the server reads a date
 * without a zone as UTC, so the screens show UTC wall-clock times and never shift them.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** "11/21/2026 08:30" (UTC), or null for no date. */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The value of an <input type="datetime-local"> for a stored date: "2026-11-21T08:30". */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** A datetime-local value back to an ISO date (UTC); null for empty, undefined when unreadable. */
export function fromDateTimeInput(value: string): string | null | undefined {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second || 0));
  const valid = date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
  return valid ? date.toISOString() : undefined;
}

/** A date filter's bounds: the whole UTC day of an <input type="date"> value ("2026-11-21"). */
export function dayBounds(value: string): { start: string; end: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const start = Date.UTC(year, month - 1, day);
  if (new Date(start).getUTCMonth() !== month - 1 || new Date(start).getUTCDate() !== day) return null;
  return { start: new Date(start).toISOString(), end: new Date(start + 86_400_000 - 1).toISOString() };
}
