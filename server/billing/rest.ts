import type { Ledger } from "../../common/billing.ts";
import { centsToAmount } from "../../common/money.ts";
import type { Context } from "../context.ts";
import { pagedReply, readRestPage } from "../http/rest-paging.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { AGING_BUCKETS, type AgingAmounts, receivablesAging } from "./aging.ts";
import { exportFileName, exportLedgerCsv } from "./export.ts";
import { billJson, invoiceJson } from "./json.ts";
import { rateConfirmationForBill } from "./rate-confirmation.ts";
import { createEntry, findBillingPage, getEntry, updateEntry } from "./service.ts";
import { asOfQuery, listCriteriaFromQuery } from "./validation.ts";

/** The aging amounts in the spec's number shape (dollars), summed in cents first. */
function inDollars(amounts: AgingAmounts): AgingAmounts {
  const result = { total: centsToAmount(amounts.total) } as AgingAmounts;
  for (const bucket of AGING_BUCKETS) result[bucket] = centsToAmount(amounts[bucket]);
  return result;
}

const BASE: Record<Ledger, string> = {
  receivable: "/billing/accounts-receivable",
  payable: "/billing/accounts-payable",
};

const jsonOf = (ledger: Ledger) => (ledger === "receivable" ? invoiceJson : billJson);

function ledgerRoutes(ledger: Ledger, param: string): RestRoute[] {
  const base = BASE[ledger];
  const toJson = jsonOf(ledger);
  return [
    {
      method: "GET",
      path: base,
      access: "admin",
      async handle(ctx, { query, request }) {
        const page = readRestPage(query);
        const criteria = listCriteriaFromQuery(query);
        const result = await findBillingPage(ctx, ledger, {
          ...criteria,
          paging: { page: page.page, pageSize: page.limit },
        });
        const totals = await result.totals();
        const reply = pagedReply(
          result.edges.map((edge) => toJson(edge.node)),
          page,
          totals.count,
          request,
        );
        reply.headers = { ...reply.headers, "x-total-amount-cents": String(totals.cents) };
        return reply;
      },
    },
    {
      method: "POST",
      path: base,
      access: "admin",
      handle: async (ctx, { body }) => withStatus(201, toJson(await createEntry(ctx, ledger, body))),
    },
    {
      method: "GET",
      path: `${base}/export.csv`,
      access: "admin",
      async handle(ctx: Context, { query }) {
        const { filters, sort } = listCriteriaFromQuery(query);
        const now = new Date();
        return new Response(exportLedgerCsv(ctx, ledger, filters, sort, now), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${exportFileName(ledger, now)}"`,
            "cache-control": "no-store",
          },
        });
      },
    },
    {
      method: "GET",
      path: `${base}/:${param}`,
      access: "admin",
      handle: async (ctx, { params }) => toJson(await getEntry(ctx, ledger, params[param])),
    },
    {
      method: "PUT",
      path: `${base}/:${param}`,
      access: "admin",
      handle: async (ctx, { params, body }) => toJson(await updateEntry(ctx, ledger, params[param], body)),
    },
  ];
}

export const billingRoutes: RestRoute[] = [
  ...ledgerRoutes("receivable", "invoiceNumber"),
  ...ledgerRoutes("payable", "billNumber"),
  {
    method: "GET",
    path: "/billing/accounts-receivable/aging",
    access: "admin",
    async handle(ctx, { query }) {
      const page = readRestPage(query);
      const asOf = parseInput(asOfQuery, query.get("asOf") ?? undefined);
      const report = await receivablesAging(ctx, { asOf, page: page.page, pageSize: page.limit });
      return {
        asOf: report.asOf.toISOString().slice(0, 10),
        totals: { ...inDollars(report.totals), invoiceCount: report.totals.invoiceCount },
        customers: (await report.customers()).map((row) => ({
          customer: row.customer,
          invoiceCount: row.invoiceCount,
          ...inDollars(row),
        })),
        customerCount: await report.customerCount(),
        page: report.page,
        pageSize: report.pageSize,
      };
    },
  },
  {
    method: "GET",
    path: "/billing/accounts-payable/:billNumber/rate-confirmation.pdf",
    access: "signedIn",
    async handle(ctx, { params }) {
      const { fileName, pdf } = await rateConfirmationForBill(ctx, params.billNumber);
      return new Response(new Uint8Array(pdf), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${fileName}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  },
];
