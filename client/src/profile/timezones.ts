import type { UsTimeZone } from "../../../common/date-time.ts";

export const CLOCK_TICK_MS = 60_000;

/** e.g. { time: "9:05 AM", date: "Friday, November 21, 2026", abbreviation: "EST" } */
export function clockFace(at: Date, zone: UsTimeZone) {
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
  }).format(at);
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(at);
  const abbreviation =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  return { time, date, abbreviation };
}

/** Milliseconds until the next whole minute, so the clock ticks on the minute. */
export function msUntilNextMinute(nowMs: number): number {
  return CLOCK_TICK_MS - (nowMs % CLOCK_TICK_MS);
}
