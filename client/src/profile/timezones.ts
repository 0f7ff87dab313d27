/** The My Account clock's zones (spec section 9); Eastern first, the default. */
export const US_TIME_ZONES = [
  { label: "Eastern", zone: "America/New_York" },
  { label: "Central", zone: "America/Chicago" },
  { label: "Mountain", zone: "America/Denver" },
  { label: "Pacific", zone: "America/Los_Angeles" },
] as const;

export type UsTimeZone = (typeof US_TIME_ZONES)[number]["zone"];
export const DEFAULT_TIME_ZONE: UsTimeZone = "America/New_York";
export const CLOCK_TICK_MS = 60_000;

export function isUsTimeZone(value: string): value is UsTimeZone {
  return US_TIME_ZONES.some((entry) => entry.zone === value);
}

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
