import type { Db } from "../db/client.ts";

type RawRunner = Pick<Db, "$queryRawUnsafe">;

export type Series = "invoice" | "bill";

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

/**
 * Bumps the series inside the caller's transaction and returns the new value. The upsert takes the
 * series row's lock on PostgreSQL (held until commit) and SQLite runs one writer at a time, so
 * concurrent creates get distinct, gap-free numbers; a rollback gives its number back. The series
 * name is one of two constants, written inline so the statement is the same on both databases.
 */
async function bump(tx: RawRunner, series: Series, step: 0 | 1): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ value: number | bigint }[]>(
    `INSERT INTO "BillingSequence" ("name", "value") VALUES ('${series}', ${step}) ` +
      `ON CONFLICT ("name") DO UPDATE SET "value" = "BillingSequence"."value" + ${step} RETURNING "value"`,
  );
  return Number(rows[0].value);
}

export async function nextBillingNumber(tx: RawRunner, series: Series): Promise<string> {
  return formatBillingNumber(series, await bump(tx, series, 1));
}

/**
 * Waits until no other transaction is creating in this series (released at commit): lets a
 * "create once" check-then-insert run without a race on PostgreSQL.
 */
export async function lockSeries(tx: RawRunner, series: Series): Promise<void> {
  await bump(tx, series, 0);
}
