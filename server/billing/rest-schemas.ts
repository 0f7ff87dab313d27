import { z } from "zod";
import { BILLING_STATUSES } from "../../common/billing.ts";
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

/** `invoiceJson`: an accounts receivable entry (amountDue in dollars). */
export const invoiceSchema = z
  .object({
    invoiceNumber: z.string(),
    customerPayer: z.string(),
    dueDate: dateTime.describe("The due day at UTC midnight."),
    amountDue: z.number().describe("Dollars."),
    amountDueCents: z.number().int(),
    ...common,
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
