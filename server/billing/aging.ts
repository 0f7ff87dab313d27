import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { memoize } from "../lib/paging.ts";
import { startOfDay } from "./list.ts";
import { agingSql, openCustomerCountSql } from "./store-aging.ts";

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
      const [{ count }] = await ctx.sql.all<{ count: Numeric }>(openCustomerCountSql());
      return Number(count);
    }),
    page,
    pageSize,
  };
}
