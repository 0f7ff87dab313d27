import { type SqlFragment, sql } from "../db/sql.ts";
import { startOfDay } from "./list.ts";

/** The receivables aging report's statements (aging.ts reads them). */

const DAY_MS = 86_400_000;

/**
 * Open receivables (not paid, not canceled) by days past their due date: current (not yet due),
 * 1-30, 31-60, 61-90 and over 90, each in cents. The day boundaries are computed here and passed
 * as dates, so the same SQL runs on SQLite and PostgreSQL.
 */
export function agingSql(asOf: Date, grouped: boolean, tailParams: number[] = []): SqlFragment {
  const today = startOfDay(asOf);
  const before = (days: number) => new Date(today.getTime() - days * DAY_MS);
  // The totals read the per-day totals the database keeps; per customer reads the invoices.
  const [table, amount, count] = grouped
    ? [`"Invoice"`, `e."amountDueCents"`, "COUNT(*)"]
    : [`"InvoiceDayTotal"`, `e."cents"`, `COALESCE(SUM(e."count"), 0)`];
  const sum = (condition: string) => `COALESCE(SUM(CASE WHEN ${condition} THEN ${amount} ELSE 0 END), 0)`;
  return {
    sql:
      `SELECT ${grouped ? `e."customerPayer"` : "''"} AS "customer", ${count} AS "invoiceCount", ` +
      `${sum(`e."dueDate" >= ?`)} AS "current", ` +
      `${sum(`e."dueDate" < ? AND e."dueDate" >= ?`)} AS "days1to30", ` +
      `${sum(`e."dueDate" < ? AND e."dueDate" >= ?`)} AS "days31to60", ` +
      `${sum(`e."dueDate" < ? AND e."dueDate" >= ?`)} AS "days61to90", ` +
      `${sum(`e."dueDate" < ?`)} AS "days90plus", ` +
      `COALESCE(SUM(${amount}), 0) AS "total" ` +
      `FROM ${table} e WHERE e."status" NOT IN ('paid', 'canceled')` +
      (grouped
        ? ` GROUP BY e."customerPayer" ORDER BY "total" DESC, e."customerPayer" ASC LIMIT ? OFFSET ?`
        : ""),
    params: [
      today,
      today,
      before(30),
      before(30),
      before(60),
      before(60),
      before(90),
      before(90),
      ...tailParams,
    ],
  };
}

/** How many customers have open receivables (the report's pages). */
export function openCustomerCountSql(): SqlFragment {
  return sql(
    `SELECT COUNT(DISTINCT "customerPayer") AS "count" FROM "Invoice" WHERE "status" NOT IN ('paid', 'canceled')`,
  );
}
