import { z } from "zod";
import { BILLING_LINE_KINDS, BILLING_STATUSES } from "../../common/billing.ts";
import { dateTime, rowVersion } from "../http/rest-schemas.ts";
import { AGING_BUCKETS, AGING_LABELS } from "./aging.ts";

/** The REST answers of the billing domain (billing/json.ts), as the OpenAPI document describes them. */

const common = {
  _id: z.string(),
  status: z.enum(BILLING_STATUSES),
  pastDue: z.boolean(),
  daysPastDue: z.number().int().describe("Days since the due or payment day while unpaid; 0 otherwise."),
  trackingLink: z.string().nullable().describe("The entry's own link, else its load's tracking screen."),
  loadId: z.string().nullable().describe("The linked load."),
  drafted: z.boolean().describe("Drafted by the system (a delivered load, a confirmed winner)."),
  createdAt: dateTime,
  updatedAt: dateTime,
  version: rowVersion,
};

const lineSchema = z.object({
  kind: z.enum(BILLING_LINE_KINDS),
  description: z.string(),
  amount: z.number().describe("Dollars."),
  amountCents: z.number().int(),
});

const lines = z
  .array(lineSchema)
  .optional()
  .describe(
    "The line items, whose sum is the amount: on one entry's answers (GET one, POST, PUT), not on list pages.",
  );

/** `invoiceJson`: an accounts receivable entry (amountDue in dollars). */
export const invoiceSchema = z
  .object({
    invoiceNumber: z.string(),
    customerPayer: z.string(),
    dueDate: dateTime.describe("The due day at UTC midnight."),
    amountDue: z.number().describe("Dollars."),
    amountDueCents: z.number().int(),
    ...common,
    lines,
    podDocumentId: z.string().nullable().describe("The POD document the invoice was drafted on."),
    podDocumentUrl: z.string().nullable().describe("Its download (GET /api/documents/{id})."),
  })
  .meta({ id: "Invoice", description: "An accounts receivable entry." });

/** `billJson`: an accounts payable entry (amount in dollars). */
export const billSchema = z
  .object({
    billNumber: z.string(),
    carrier: z.string(),
    paymentDate: dateTime.describe("The payment day at UTC midnight."),
    amount: z.number().describe("Dollars."),
    amountCents: z.number().int(),
    ...common,
    rateConfirmationUrl: z
      .string()
      .nullable()
      .describe("The rate confirmation PDF of a bill drafted for a bid winner."),
    lines,
    quickPay: z
      .object({
        requestedAt: dateTime,
        feePercent: z.number().describe("The fee in percent (2 = 2%)."),
        fee: z.number().describe("Dollars kept back."),
        feeCents: z.number().int(),
        netAmount: z.number().describe("Dollars paid: amount less the fee."),
        netAmountCents: z.number().int(),
      })
      .nullable()
      .describe("Quick pay, once the carrier asked for it: the payment date moved to quick-pay terms."),
    tonuProposed: z
      .object({ amount: z.number().describe("Dollars."), amountCents: z.number().int() })
      .nullable()
      .describe("A TONU charge proposed when the covered load was cancelled, waiting for an operator."),
  })
  .meta({ id: "Bill", description: "An accounts payable entry." });

const agingAmounts = {
  ...Object.fromEntries(
    AGING_BUCKETS.map((bucket) => [
      bucket,
      z
        .number()
        .describe(
          bucket === "current"
            ? "Open dollars not yet due."
            : `Open dollars ${AGING_LABELS[bucket]} days past due.`,
        ),
    ]),
  ),
  total: z.number().describe("Open dollars in all buckets."),
} as Record<(typeof AGING_BUCKETS)[number] | "total", z.ZodNumber>;

/** GET /billing/accounts-receivable/aging. */
export const agingSchema = z.object({
  asOf: z.string().meta({ format: "date" }).describe("The day the report is as of, YYYY-MM-DD."),
  totals: z.object({ ...agingAmounts, invoiceCount: z.number().int() }),
  customers: z
    .array(z.object({ customer: z.string(), invoiceCount: z.number().int(), ...agingAmounts }))
    .describe("This page's customers, the most open first."),
  customerCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
