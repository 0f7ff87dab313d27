import { formatDateTime } from "../lib/dates.ts";
/** A date-time in the viewer's zone ('11/21/2026 08:30 EST'), or a dash. */
export function dateTimeText(value: string | null | undefined): string {
  return formatDateTime(value) ?? "—";
}
