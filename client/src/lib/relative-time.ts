const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * 'Last update' on the load list (spec: just now, minutes, hours, days). A time slightly in the
 * future (clocks a little apart) still reads "just now".
 */
export function relativeTime(when: Date | string | number, now: number = Date.now()): string {
  const elapsed = now - new Date(when).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  return ago(Math.floor(elapsed / DAY), "day");
}
