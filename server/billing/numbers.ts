import type { Series } from "./ledgers.ts";
import { bumpBillingSequence, type SequenceRunner } from "./store.ts";

const PREFIX: Record<Series, string> = { invoice: "INV-", bill: "BILL-" };
const DIGITS = 6;

/** INV-000123 / BILL-000123: readable, sortable as text up to 999,999, then simply longer. */
export function formatBillingNumber(series: Series, value: number): string {
  return `${PREFIX[series]}${String(value).padStart(DIGITS, "0")}`;
}

/** "inv-123", "INV-000123" and "123" all name INV-000123. */
export function normalizeBillingNumber(series: Series, reference: string): string {
  const text = reference.trim().toUpperCase();
  const digits = new RegExp(`^(?:${PREFIX[series]})?(\\d{1,9})$`).exec(text)?.[1];
  return digits ? formatBillingNumber(series, Number(digits)) : reference.trim();
}

export async function nextBillingNumber(tx: SequenceRunner, series: Series): Promise<string> {
  return formatBillingNumber(series, await bumpBillingSequence(tx, series, 1));
}

/**
 * Waits until no other transaction is creating in this series (released at commit): lets a
 * "create once" check-then-insert run without a race on PostgreSQL.
 */
export async function lockSeries(tx: SequenceRunner, series: Series): Promise<void> {
  await bumpBillingSequence(tx, series, 0);
}
