/** A moment on a facility's clock ("Nov 27, 14:05 CST"), or the phone's when the zone is unknown. */
export function facilityTime(iso: string, timeZone: string | null | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: timeZone ?? undefined }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat("en-US", options).format(new Date(iso));
  }
}

/** The phone's clock, to the second ("10:42:13"). */
export function clockTime(epochMs: number): string {
  return new Intl.DateTimeFormat("en-US", {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(epochMs));
}
