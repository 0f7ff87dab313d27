import { formatCents } from "../../common/money.ts";
import type { Context } from "../context.ts";
import { type SearchHit, upperPrefix } from "../search/hits.ts";
import { normalizeBillingNumber } from "./numbers.ts";

/** "123", "inv-123" and "INV-0001" find INV-000123 / every INV-0001..: the unique number index. */
function numberMatch(series: "invoice" | "bill", text: string) {
  const exact = normalizeBillingNumber(series, text);
  return [{ gte: exact, lte: exact }, upperPrefix(text)];
}

export async function searchInvoices(ctx: Context, text: string, limit: number): Promise<SearchHit[]> {
  const invoices = await ctx.db.invoice.findMany({
    where: { OR: numberMatch("invoice", text).map((invoiceNumber) => ({ invoiceNumber })) },
    orderBy: { invoiceNumber: "asc" },
    take: limit,
    select: { invoiceNumber: true, customerPayer: true, amountDueCents: true, status: true },
  });
  return invoices.map((invoice) => ({
    kind: "invoice",
    key: invoice.invoiceNumber,
    title: `Invoice ${invoice.invoiceNumber}`,
    detail: `${invoice.customerPayer} · ${formatCents(invoice.amountDueCents)} · ${invoice.status}`,
  }));
}

export async function searchBills(ctx: Context, text: string, limit: number): Promise<SearchHit[]> {
  const bills = await ctx.db.bill.findMany({
    where: { OR: numberMatch("bill", text).map((billNumber) => ({ billNumber })) },
    orderBy: { billNumber: "asc" },
    take: limit,
    select: { billNumber: true, carrier: true, amountCents: true, status: true },
  });
  return bills.map((bill) => ({
    kind: "bill",
    key: bill.billNumber,
    title: `Bill ${bill.billNumber}`,
    detail: `${bill.carrier} · ${formatCents(bill.amountCents)} · ${bill.status}`,
  }));
}
