import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { type SqlFragment, sql } from "../db/sql.ts";
import { memoize } from "../lib/paging.ts";
import { startOfDay } from "./list.ts";

export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "days90plus"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  days1to30: "1-30",
  days31to60: "31-60",
  days61to90: "61-90",
  days90plus: "90+",
};

export type AgingAmounts = Record<AgingBucket, number> & { total: number };

export interface AgingRow extends AgingAmounts {
  customer: string;
  invoiceCount: number;
}

export interface AgingReport {
  asOf: Date;
  totals: AgingAmounts & { invoiceCount: number };
  /** Read when asked for: the strip above the list needs only the totals. */
  customers: () => Promise<AgingRow[]>;
  customerCount: () => Promise<number>;
  page: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;

/**
 * Open receivables (not paid, not canceled) by days past their due date: current (not yet due),
 * 1-30, 31-60, 61-90 and over 90, each in cents. The day boundaries are computed here and passed
 * as dates, so the same SQL runs on SQLite and PostgreSQL.
 */
function agingSql(asOf: Date, grouped: boolean, tailParams: number[] = []): SqlFragment {
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

type Numeric = number | bigint | string;
type RawRow = { customer: string; invoiceCount: Numeric } & Record<AgingBucket | "total", Numeric>;

function amounts(row: RawRow): AgingAmounts {
  const result = { total: Number(row.total) } as AgingAmounts;
  for (const bucket of AGING_BUCKETS) result[bucket] = Number(row[bucket]);
  return result;
}

/** The aging report as of a day (today by default), customers with the most open first, paged. */
export async function receivablesAging(
  ctx: Context,
  { asOf = new Date(), page = 1, pageSize = 50 }: { asOf?: Date; page?: number; pageSize?: number } = {},
): Promise<AgingReport> {
  requireAdmin(ctx);
  const offset = (page - 1) * pageSize;
  const [overall] = await ctx.sql.all<RawRow>(agingSql(asOf, false));
  return {
    asOf: startOfDay(asOf),
    totals: { ...amounts(overall), invoiceCount: Number(overall.invoiceCount) },
    customers: memoize(async () =>
      (await ctx.sql.all<RawRow>(agingSql(asOf, true, [pageSize, offset]))).map((row) => ({
        customer: row.customer,
        invoiceCount: Number(row.invoiceCount),
        ...amounts(row),
      })),
    ),
    customerCount: memoize(async () => {
      const [{ count }] = await ctx.sql.all<{ count: Numeric }>(
        sql(
          `SELECT COUNT(DISTINCT "customerPayer") AS "count" FROM "Invoice" WHERE "status" NOT IN ('paid', 'canceled')`,
        ),
      );
      return Number(count);
    }),
    page,
    pageSize,
  };
}
