import { formatDateTime } from "../lib/dates.ts";
/** '$1,234.50', or a dash when there is no amount. */
export function usd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined) return "—";
  return amount.toLocaleString("en-US", { style: "currency", currency: "USD" });
}

/** A date-time in the viewer's zone ('11/21/2026 08:30 EST'), or a dash. */
export function dateTimeText(value: string | null | undefined): string {
  return formatDateTime(value) ?? "—";
}
