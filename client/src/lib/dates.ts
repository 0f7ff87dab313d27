import * as dateTime from "../../../common/date-time.ts";
import { viewerZone } from "./viewer-zone.ts";

/**
 * The screens' dates, in the viewer's time zone (common/date-time.ts holds the one rule):
 * shown as '11/21/2026 08:30 EST', typed into datetime-local inputs as wall-clock time there.
 */

export function formatDateTime(iso: string | null | undefined): string | null {
  return dateTime.formatDateTime(iso, viewerZone());
}

export function toDateTimeInput(iso: string | null | undefined): string {
  return dateTime.toDateTimeInput(iso, viewerZone());
}

/** A datetime-local value back to an ISO instant; null for empty, undefined when unreadable. */
export function fromDateTimeInput(value: string): string | null | undefined {
  return dateTime.fromDateTimeInput(value, viewerZone());
}

/** A date filter's bounds: the whole day of an <input type="date"> value in the viewer's zone. */
export function dayBounds(value: string): { start: string; end: string } | null {
  return dateTime.dayBounds(value, viewerZone());
}

/** What a date field or column says about its zone: 'Eastern (EST)'. */
export function zoneLabel(at: Date = new Date()): string {
  const zone = viewerZone();
  return `${dateTime.timeZoneLabel(zone)} (${dateTime.zoneAbbreviation(zone, at)})`;
}

/** The zone's abbreviation now, e.g. 'EST': the adornment of date-time inputs. */
export function zoneAbbreviationNow(): string {
  return dateTime.zoneAbbreviation(viewerZone());
}
