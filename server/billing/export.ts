import Papa from "papaparse";
import { BILLING_STATUS_LABELS, dayText, type Ledger } from "../../common/billing.ts";
import { centsToDecimal } from "../../common/money.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { daysPastDue } from "./due.ts";
import { trackingLinkOf } from "./json.ts";
import type { BillingListFilters, BillingSort } from "./list.ts";
import { findBillingPage } from "./service.ts";
import type { Entry } from "./store.ts";

/** Rows are read and written this many at a time: memory stays flat whatever the ledger's size. */
const CHUNK = 500;

const HEADERS: Record<Ledger, string[]> = {
  receivable: [
    "Invoice Number",
    "Customer/Payer",
    "Due Date",
    "Amount Due",
    "Status",
    "Past Due Days",
    "Load ID",
    "Tracking Link",
  ],
  payable: [
    "Bill Number",
    "Carrier",
    "Payment Date",
    "Amount",
    "Status",
    "Past Due Days",
    "Load ID",
    "Tracking Link",
  ],
};

/** One CSV row: dates as YYYY-MM-DD and amounts as plain decimals, what accounting imports read. */
function csvRow(entry: Entry, now: Date): string[] {
  return [
    entry.number,
    entry.party,
    dayText(entry.day),
    centsToDecimal(entry.amountCents),
    BILLING_STATUS_LABELS[entry.status] ?? entry.status,
    String(daysPastDue(entry.day, entry.status, now)),
    entry.load?.loadId ?? "",
    trackingLinkOf(entry, entry.load) ?? "",
  ];
}

export function exportFileName(ledger: Ledger, now: Date): string {
  return `${ledger === "receivable" ? "accounts-receivable" : "accounts-payable"}-${dayText(now)}.csv`;
}

/**
 * The filtered, sorted ledger as CSV (papaparse's unparse), streamed page by page. Formula-like
 * cells are escaped (escapeFormulae) so a spreadsheet never runs what a customer name contains.
 */
export function exportLedgerCsv(
  ctx: Context,
  ledger: Ledger,
  filters: BillingListFilters,
  sort: BillingSort,
  now = new Date(),
): ReadableStream<Uint8Array> {
  requireAdmin(ctx);
  const encoder = new TextEncoder();
  let page = 1;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${Papa.unparse([HEADERS[ledger]], { escapeFormulae: true })}\r\n`));
    },
    async pull(controller) {
      const result = await findBillingPage(ctx, ledger, {
        filters,
        sort,
        paging: { page, pageSize: CHUNK },
        now,
      });
      const rows = result.edges.map((edge) => csvRow(edge.node, now));
      if (rows.length > 0) {
        controller.enqueue(encoder.encode(`${Papa.unparse(rows, { escapeFormulae: true })}\r\n`));
      }
      if (!result.pageInfo.hasNextPage) controller.close();
      page++;
    },
  });
}
