import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { BillType, InvoiceType } from "./schema.ts";
import { type Entry, entriesByIds } from "./store.ts";

export interface LoadFinancials {
  customerRateCents: number | null;
  revenueCents: number | null;
  costCents: number | null;
  marginCents: number | null;
  invoices: Entry[];
  bills: Entry[];
}

const OPEN = { status: { not: "canceled" } } as const;

/**
 * What a load earns and costs: revenue is its invoices (not canceled), or its customer rate before
 * any invoice exists; cost is its bills (not canceled); the margin once both are known.
 */
export async function loadFinancials(
  ctx: Pick<Context, "db">,
  load: { id: string; customerRateCents: number | null },
): Promise<LoadFinancials> {
  const [invoiceRows, billRows] = await Promise.all([
    ctx.db.invoice.findMany({
      where: { loadId: load.id },
      select: { id: true },
      orderBy: { invoiceNumber: "asc" },
      take: 50,
    }),
    ctx.db.bill.findMany({
      where: { loadId: load.id },
      select: { id: true },
      orderBy: { billNumber: "asc" },
      take: 50,
    }),
  ]);
  const [invoices, bills] = await Promise.all([
    entriesByIds(
      ctx.db,
      "receivable",
      invoiceRows.map((row) => row.id),
    ),
    entriesByIds(
      ctx.db,
      "payable",
      billRows.map((row) => row.id),
    ),
  ]);
  const [invoiced, billed] = await Promise.all([
    ctx.db.invoice.aggregate({
      where: { loadId: load.id, ...OPEN },
      _sum: { amountDueCents: true },
      _count: true,
    }),
    ctx.db.bill.aggregate({ where: { loadId: load.id, ...OPEN }, _sum: { amountCents: true }, _count: true }),
  ]);
  const revenueCents = invoiced._count > 0 ? (invoiced._sum.amountDueCents ?? 0) : load.customerRateCents;
  const costCents = billed._count > 0 ? (billed._sum.amountCents ?? 0) : null;
  return {
    customerRateCents: load.customerRateCents,
    revenueCents,
    costCents,
    marginCents: revenueCents !== null && costCents !== null ? revenueCents - costCents : null,
    invoices,
    bills,
  };
}

const LoadFinancialsType = builder.objectRef<LoadFinancials>("LoadFinancials").implement({
  description: "Revenue (invoices, or the customer rate), cost (bills) and margin of a load, in cents.",
  fields: (t) => ({
    customerRateCents: t.exposeInt("customerRateCents", {
      nullable: true,
      description: "What the shipper pays, US cents; null when not set.",
    }),
    revenueCents: t.exposeInt("revenueCents", {
      nullable: true,
      description: "US cents: its invoices not canceled, or the customer rate before any invoice.",
    }),
    costCents: t.exposeInt("costCents", {
      nullable: true,
      description: "US cents: its bills not canceled; null before any bill.",
    }),
    marginCents: t.exposeInt("marginCents", {
      nullable: true,
      description: "Revenue minus cost, US cents; null until both are known.",
    }),
    marginPercent: t.float({
      nullable: true,
      description: "Margin over revenue, one decimal.",
      resolve: (f) =>
        f.marginCents !== null && f.revenueCents
          ? Math.round((f.marginCents / f.revenueCents) * 1000) / 10
          : null,
    }),
    invoices: t.field({
      type: [InvoiceType],
      description: "Its invoices (canceled included), by number; at most 50.",
      resolve: (f) => f.invoices,
    }),
    bills: t.field({
      type: [BillType],
      description: "Its bills (canceled included), by number; at most 50.",
      resolve: (f) => f.bills,
    }),
  }),
});

builder.prismaObjectField("Load", "financials", (t) =>
  t.field({
    type: LoadFinancialsType,
    description: "Billing's view of the load (detail screens; not for lists).",
    authScopes: { admin: true },
    select: { id: true, customerRateCents: true },
    resolve: (load, _args, ctx) => loadFinancials(ctx, load),
  }),
);
