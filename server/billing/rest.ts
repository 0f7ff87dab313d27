import { z } from "zod";
import { BILLING_STATUSES, billingEntrySchema, LEDGER_FIELDS, type Ledger } from "../../common/billing.ts";
import { centsToAmount } from "../../common/money.ts";
import type { Context } from "../context.ts";
import { pagedList, pagedQuery, pagedReply, readRestPage, restPaging } from "../http/rest-paging.ts";
import { errors, fileResponse, queryParam } from "../http/rest-schemas.ts";
import { type RestRoute, withStatus } from "../http/router.ts";
import { parseInput } from "../lib/validate.ts";
import { AGING_BUCKETS, type AgingAmounts, receivablesAging } from "./aging.ts";
import { carrierBills, decideTonu, requestQuickPay } from "./carrier-bills.ts";
import { exportFileName, exportLedgerCsv } from "./export.ts";
import { billJson, invoiceJson } from "./json.ts";
import { LEDGER_TABLES } from "./ledgers.ts";
import { BILLING_SORT_FIELDS } from "./list.ts";
import { rateConfirmationForBill } from "./rate-confirmation.ts";
import { agingSchema, billSchema, invoiceSchema } from "./rest-schemas.ts";
import { createEntry, findBillingPage, getEntry, updateEntry } from "./service.ts";
import { asOfQuery, carrierBillsQuery, listCriteriaFromQuery, tonuDecisionInput } from "./validation.ts";

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

/** The list's and the export's filters and sort (`listCriteriaFromQuery`). */
const filterParams = {
  search: queryParam("Text in the number or the party's name (at most 100 characters); `q` is an alias."),
  q: queryParam("Alias of search."),
  status: queryParam(`Statuses, comma separated: ${BILLING_STATUSES.join(", ")}.`),
  from: queryParam("From this day on, YYYY-MM-DD (due or payment day)."),
  to: queryParam("Up to this day included, YYYY-MM-DD."),
  pastDue: queryParam("true: only past due; false: only not past due.", ["true", "false"]),
  sort: queryParam("The column to sort by.", BILLING_SORT_FIELDS),
  dir: queryParam("asc or desc.", ["asc", "desc"]),
};

const LEDGER_DOCS = {
  receivable: { one: "invoice", list: "accounts receivable", schema: invoiceSchema },
  payable: { one: "bill", list: "accounts payable", schema: billSchema },
};

function ledgerRoutes(ledger: Ledger, param: string): RestRoute[] {
  const base = BASE[ledger];
  const toJson = jsonOf(ledger);
  const { one, list, schema: entry } = LEDGER_DOCS[ledger];
  const fields = LEDGER_FIELDS[ledger];
  const notFound = errors({ 404: LEDGER_TABLES[ledger].notFound });
  return [
    {
      method: "GET",
      path: base,
      access: "admin",
      schema: {
        summary: `List ${list}`,
        description: `The ${list} ledger, filtered and sorted (default: newest number first), paged. Operators only.`,
        querystring: pagedQuery(filterParams),
        response: {
          200: pagedList(entry, `A page of ${one}s.`, {
            "x-total-amount-cents": {
              type: "integer",
              description: "The sum of every matching entry, in cents.",
            },
          }),
          ...errors(400),
        },
      },
      async handle(ctx, { query, request }) {
        const page = readRestPage(query);
        const criteria = listCriteriaFromQuery(query);
        const result = await findBillingPage(ctx, ledger, {
          ...criteria,
          paging: restPaging(page),
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
      schema: {
        summary: `Add an ${one === "invoice" ? "invoice" : "bill"}`,
        description:
          `The Add ${one === "invoice" ? "Invoice" : "Bill"} form: ${fields.party}, ${fields.date}, ` +
          `${fields.amount} and status are required; the ${one} number is generated. Operators only.`,
        body: billingEntrySchema(ledger, "create"),
        response: { 201: entry, ...errors(400) },
      },
      handle: async (ctx, { body }) => withStatus(201, toJson(await createEntry(ctx, ledger, body))),
    },
    {
      method: "GET",
      path: `${base}/export.csv`,
      access: "admin",
      schema: {
        summary: `Export ${list} as CSV`,
        description: `Every ${one} the list's filters match, in the list's order, as a CSV download. Operators only.`,
        querystring: z.looseObject(filterParams),
        response: { 200: fileResponse("text/csv", `The ${one}s as CSV (UTF-8).`), ...errors(400) },
      },
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
      schema: {
        summary: `Get an ${one === "invoice" ? "invoice" : "bill"}`,
        description: `One ${one} by its ${param}, with or without its prefix and leading zeros. Operators only.`,
        response: { 200: entry, ...notFound },
      },
      handle: async (ctx, { params }) => toJson(await getEntry(ctx, ledger, params[param])),
    },
    {
      method: "PUT",
      path: `${base}/:${param}`,
      access: "admin",
      schema: {
        summary: `Edit an ${one === "invoice" ? "invoice" : "bill"}`,
        description:
          `The detail page's Save Changes: every field but the ${one} number (${fields.party}, ` +
          `${fields.date}, ${fields.amount} and status are required). With \`version\` (as GET answered ` +
          `it), 409 when someone else changed the ${one} since. Operators only.`,
        body: billingEntrySchema(ledger, "edit"),
        response: { 200: entry, ...errors(400, { 409: LEDGER_TABLES[ledger].changed }), ...notFound },
      },
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
    schema: {
      summary: "Get the receivables aging",
      description:
        "Open invoices by how long they are past due (current, 1-30, 31-60, 61-90, 90+ days), in total " +
        "and per customer (paged with page and limit). Operators only.",
      querystring: pagedQuery({ asOf: queryParam("The day to age against, YYYY-MM-DD (default today).") }),
      response: { 200: agingSchema, ...errors(400) },
    },
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
    method: "POST",
    path: "/billing/accounts-payable/:billNumber/quick-pay",
    access: "signedIn",
    schema: {
      summary: "Ask for quick pay",
      description:
        "The bill's carrier (or an operator) asks for quick pay: the payment date moves to QUICK_PAY_DAYS " +
        "(default 2) days from now and the quick-pay fee (QUICK_PAY_FEE_PERCENT of the amount, default 2%) " +
        "is kept back. Once per bill, open bills only.",
      response: {
        200: billSchema,
        ...errors({
          404: "Bill not found",
          409: "Quick pay was already requested for this bill",
        }),
      },
    },
    handle: async (ctx, { params }) => billJson(await requestQuickPay(ctx, params.billNumber)),
  },
  {
    method: "POST",
    path: "/billing/accounts-payable/:billNumber/tonu",
    access: "admin",
    schema: {
      summary: "Decide a TONU proposal",
      description:
        "A cancelled covered load proposed a TONU charge on its carrier's bill: confirm it (the bill " +
        "becomes one tonu line of the amount) or dismiss it. Operators only.",
      body: tonuDecisionInput,
      response: {
        200: billSchema,
        ...errors(400, { 404: "Bill not found", 409: "This bill has no TONU proposal to decide" }),
      },
    },
    handle: async (ctx, { params, body }) =>
      billJson(await decideTonu(ctx, params.billNumber, parseInput(tonuDecisionInput, body))),
  },
  {
    method: "GET",
    path: "/billing/my-bills",
    access: "signedIn",
    schema: {
      summary: "List my bills (carriers)",
      description:
        "The signed-in carrier's bills (won by them or billed to their carrier company), newest first, " +
        "at most `limit` (default 50, at most 100), with their lines and quick pay.",
      querystring: z.looseObject({ limit: queryParam("How many, 1 to 100 (default 50).") }),
      response: { 200: z.array(billSchema), ...errors(400) },
    },
    handle: async (ctx, { query }) =>
      (await carrierBills(ctx, parseInput(carrierBillsQuery, query.get("limit") ?? undefined))).map((bill) =>
        billJson(bill),
      ),
  },
  {
    method: "GET",
    path: "/billing/accounts-payable/:billNumber/rate-confirmation.pdf",
    access: "signedIn",
    schema: {
      summary: "Download a rate confirmation",
      description:
        "The rate confirmation PDF of a bill drafted for a bid winner: for operators and the winning " +
        "carrier's users.",
      response: {
        200: fileResponse("application/pdf", "The rate confirmation as a PDF."),
        ...errors({
          403: "Only operators and the winning carrier's users.",
          404: "No rate confirmation for this bill",
        }),
      },
    },
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
