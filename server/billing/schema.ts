import {
  BILLING_LINE_KINDS,
  BILLING_STATUSES,
  type BillingLine,
  type BillingLineKind,
  type BillingStatus,
  type Ledger,
} from "../../common/billing.ts";
import { centsToAmount } from "../../common/money.ts";
import { policy } from "../auth/policy.ts";
import { adminsOnly, type ReadPolicy } from "../auth/read-policy.ts";
import { type BuilderTypes, builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { pagedListField } from "../graphql/paged-list.ts";
import { readPolicyOptions } from "../graphql/read-policy.ts";
import type { ListRequest, OffsetConnection } from "../lib/paging.ts";
import { AGING_BUCKETS, type AgingAmounts, type AgingRow, receivablesAging } from "./aging.ts";
import {
  carrierBills,
  decideTonu,
  MAX_CARRIER_BILLS,
  mayReadBill,
  requestQuickPay,
} from "./carrier-bills.ts";
import { daysPastDue } from "./due.ts";
import { documentPath, quickPayJson, rateConfirmationPath, trackingLinkOf } from "./json.ts";
import { type BillingSortField, DEFAULT_BILLING_SORT } from "./list.ts";
import { type BillingPage, createEntry, findBillingPage, findEntry, updateEntry } from "./service.ts";
import { type Entry, entriesByIds, type LinkedLoad, linesOfEntry } from "./store.ts";

export const BillingStatusEnum = builder.enumType("BillingStatus", {
  description: "An invoice's or bill's status, set by operators (past due is computed apart: pastDue).",
  values: describedValues(BILLING_STATUSES, {
    pending: "Open: not paid yet.",
    paid: "Settled.",
    overdue: "Marked overdue by an operator.",
    canceled: "Will not be paid.",
  }),
});

const LedgerEnum = builder.enumType("BillingLedger", {
  description: "RECEIVABLE: invoices (what customers owe); PAYABLE: bills (what carriers are owed).",
  values: {
    RECEIVABLE: { value: "receivable" as const, description: "Invoices: what customers owe." },
    PAYABLE: { value: "payable" as const, description: "Bills: what carriers are owed." },
  },
});

const BillingLineKindEnum = builder.enumType("BillingLineKind", {
  description: "What a line of an invoice or a bill is for.",
  values: describedValues(BILLING_LINE_KINDS, {
    linehaul: "The haul itself (the rate).",
    fuel: "Fuel surcharge.",
    detention: "Waiting at a facility beyond the free time.",
    lumper: "Unloading help paid at the dock.",
    layover: "A day the truck waited over.",
    tonu: "Truck ordered, not used: the load was cancelled after the truck was committed.",
    other: "Anything else.",
  }),
});

const BillingLineType = builder.objectRef<BillingLine>("BillingLine").implement({
  description: "One line item of an invoice or a bill; the lines add up to the amount.",
  fields: (t) => ({
    kind: t.field({
      type: BillingLineKindEnum,
      description: "What it is for.",
      resolve: (line) => line.kind,
    }),
    description: t.exposeString("description", { description: "Free text (may be empty)." }),
    amount: t.float({ description: "Dollars.", resolve: (line) => centsToAmount(line.amountCents) }),
    amountCents: t.exposeInt("amountCents", { description: "US cents." }),
  }),
});

const BillingLineInput = builder
  .inputRef<{ kind: BillingLineKind; description?: string | null; amount: string }>("BillingLineInput")
  .implement({
    description:
      "A line item: kind, description and amount (dollars as text, at most two decimals, 0 or more).",
    fields: (t) => ({
      kind: t.field({ type: BillingLineKindEnum, required: true, description: "What it is for." }),
      description: t.string({ description: "Free text, at most 200 characters." }),
      amount: t.string({ required: true, description: 'Dollars as text, e.g. "1250.50".' }),
    }),
  });

type QuickPayView = NonNullable<ReturnType<typeof quickPayJson>>;

const QuickPayType = builder.objectRef<QuickPayView>("QuickPay").implement({
  description: "Quick pay on a bill: paid sooner, less a fee.",
  fields: (t) => ({
    requestedAt: t.field({
      type: "DateTime",
      description: "When the carrier asked for it.",
      resolve: (quickPay) => new Date(quickPay.requestedAt),
    }),
    feePercent: t.exposeFloat("feePercent", { description: "The fee in percent (2 = 2%)." }),
    fee: t.exposeFloat("fee", { description: "Dollars kept back." }),
    feeCents: t.exposeInt("feeCents", { description: "US cents kept back." }),
    netAmount: t.exposeFloat("netAmount", { description: "Dollars paid: the amount less the fee." }),
    netAmountCents: t.exposeInt("netAmountCents", { description: "US cents paid." }),
  }),
});

const linesField = (t: EntryFields) =>
  t.field({
    type: [BillingLineType],
    description: "The line items, in order; their sum is the amount.",
    resolve: (entry, _args, ctx) => linesOfEntry(ctx.db, entry),
  });

interface QuickPayTermsView {
  feePercent: number;
  days: number;
}

const QuickPayTermsType = builder.objectRef<QuickPayTermsView>("QuickPayTerms").implement({
  description: "What quick pay costs and how soon it pays, as configured on the server.",
  fields: (t) => ({
    feePercent: t.exposeFloat("feePercent", {
      description: "The fee in percent of the bill's amount (2 = 2%): QUICK_PAY_FEE_PERCENT.",
    }),
    days: t.exposeInt("days", {
      description: "Paid this many days after the ask (or sooner when already due sooner): QUICK_PAY_DAYS.",
    }),
  }),
});

/** A bill is read by operators and by its own carrier (the winner, or users of the carrier billed). */
const billReadPolicy: ReadPolicy<Entry> = {
  reach: (viewer) => (viewer === null ? "none" : policy.isAdmin(viewer) ? "all" : "rows"),
  row: (ctx, bill) => mayReadBill(ctx, bill),
};

const BillingLoadLink = builder.objectRef<LinkedLoad>("BillingLoadLink").implement({
  description: "The load an invoice or bill belongs to.",
  fields: (t) => ({
    loadId: t.exposeString("loadId", { description: "The load's readable loadId." }),
    routeNumber: t.string({
      nullable: true,
      description: "The load's route, if any.",
      resolve: (load) => load.route?.routeNumber ?? null,
    }),
  }),
});

const byLedger = (ledger: Ledger) => (ids: string[], ctx: { db: Parameters<typeof entriesByIds>[0] }) =>
  entriesByIds(ctx.db, ledger, ids);

type EntryFields = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Entry>;

/**
 * The fields invoices and bills share, from status to load, in the order both types print them.
 * `day` names the entry's date as its past-due texts say it ("due date" or "payment date").
 */
const entryStateFields = (t: EntryFields, day: "due date" | "payment date") => ({
  status: t.field({
    type: BillingStatusEnum,
    description: "The status operators set.",
    resolve: (e) => e.status,
  }),
  pastDue: t.boolean({
    description: `${day[0].toUpperCase()}${day.slice(1)} passed and neither paid nor canceled (the status is not changed).`,
    resolve: (e) => daysPastDue(e.day, e.status, new Date()) > 0,
  }),
  daysPastDue: t.int({
    description: `Whole days since the ${day}; 0 when not past due, paid or canceled.`,
    resolve: (e) => daysPastDue(e.day, e.status, new Date()),
  }),
  trackingLink: t.string({
    nullable: true,
    description: "The linked load's tracking link, if any.",
    resolve: (e) => trackingLinkOf(e, e.load),
  }),
  load: t.field({
    type: BillingLoadLink,
    nullable: true,
    description: "The load it belongs to, if linked.",
    resolve: (e) => e.load,
  }),
});

/** The last fields of invoices and bills. */
const entryTimeFields = (t: EntryFields, update: "updateInvoice" | "updateBill") => ({
  createdAt: t.field({ type: "DateTime", description: "When it was created.", resolve: (e) => e.createdAt }),
  updatedAt: t.field({ type: "DateTime", description: "When it last changed.", resolve: (e) => e.updatedAt }),
  version: t.int({
    description: `Moves forward with every change. Send it back as ${update}'s expectedVersion: the save is refused (ConflictError) if someone else changed it since.`,
    resolve: (e) => e.version,
  }),
});

/** A node type for one ledger's entries: the same id, loader and type check, told apart by `ledger`. */
const ledgerNode = (ledger: Ledger, description: string) =>
  ({
    description,
    ...readPolicyOptions(ledger === "payable" ? billReadPolicy : adminsOnly),
    id: { resolve: (entry: Entry) => entry.id },
    loadMany: byLedger(ledger),
    isTypeOf: (value: unknown) => (value as Entry).ledger === ledger,
  }) as const;

export const InvoiceType = builder.node(builder.objectRef<Entry>("Invoice"), {
  ...ledgerNode("receivable", "Accounts receivable: what a customer or payer owes. Read-only invoiceNumber."),
  fields: (t) => ({
    invoiceNumber: t.string({ description: "INV-000123, given by the server.", resolve: (e) => e.number }),
    customerPayer: t.string({ description: "Who pays the invoice.", resolve: (e) => e.party }),
    dueDate: t.field({ type: "DateTime", description: "The day payment is due.", resolve: (e) => e.day }),
    amountDue: t.float({
      description: "Dollars (the spec's number).",
      resolve: (e) => centsToAmount(e.amountCents),
    }),
    amountDueCents: t.int({ description: "The amount due in US cents.", resolve: (e) => e.amountCents }),
    ...entryStateFields(t, "due date"),
    drafted: t.boolean({
      description: "Drafted by the server when its load was delivered or its POD arrived.",
      resolve: (e) => e.sourceKey !== null,
    }),
    lines: linesField(t),
    podDocumentUrl: t.string({
      nullable: true,
      description: "The proof of delivery it was drafted on: its download path (GET /api/documents/{id}).",
      resolve: (e) => (e.podDocumentId ? documentPath(e.podDocumentId) : null),
    }),
    ...entryTimeFields(t, "updateInvoice"),
  }),
});

export const BillType = builder.node(builder.objectRef<Entry>("Bill"), {
  ...ledgerNode("payable", "Accounts payable: what a carrier is owed. Read-only billNumber."),
  fields: (t) => ({
    billNumber: t.string({ description: "BILL-000123, given by the server.", resolve: (e) => e.number }),
    carrier: t.string({ description: "The carrier to pay.", resolve: (e) => e.party }),
    paymentDate: t.field({ type: "DateTime", description: "The day payment is due.", resolve: (e) => e.day }),
    amount: t.float({
      description: "Dollars (the spec's number).",
      resolve: (e) => centsToAmount(e.amountCents),
    }),
    amountCents: t.int({ description: "The amount in US cents.", resolve: (e) => e.amountCents }),
    ...entryStateFields(t, "payment date"),
    rateConfirmationUrl: t.string({
      nullable: true,
      description: "The rate confirmation PDF, for bills created for a marketplace winner.",
      resolve: (e) => (e.sourceKey?.startsWith("winner:") ? rateConfirmationPath(e) : null),
    }),
    lines: linesField(t),
    quickPay: t.field({
      type: QuickPayType,
      nullable: true,
      description: "Quick pay, once the carrier asked for it (the payment date moved to quick-pay terms).",
      resolve: (e) => quickPayJson(e),
    }),
    tonuProposedAmount: t.float({
      nullable: true,
      description:
        "Dollars of a TONU charge proposed when the covered load was cancelled, for an operator to confirm (decideTonu).",
      resolve: (e) => (e.tonuProposedCents === null ? null : centsToAmount(e.tonuProposedCents)),
    }),
    ...entryTimeFields(t, "updateBill"),
  }),
});

interface BillingFilterInput {
  status?: BillingStatus[] | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
  pastDue?: boolean | null;
}

const BillingFilter = builder.inputRef<BillingFilterInput>("BillingFilter").implement({
  description: "Criteria of the invoice or bill list; all given ones must hold.",
  fields: (t) => ({
    status: t.field({ type: [BillingStatusEnum], description: "Any of these statuses." }),
    dateFrom: t.field({ type: "DateTime", description: "Due date (invoices) or payment date (bills) from." }),
    dateTo: t.field({ type: "DateTime", description: "Due date (invoices) or payment date (bills) until." }),
    pastDue: t.boolean({ description: "true: only past due; false: none past due." }),
  }),
});

/** What each aging column holds: US cents of open invoices. */
const AGING_TEXT: Record<(typeof AGING_BUCKETS)[number] | "total", string> = {
  current: "Cents not yet due.",
  days1to30: "Cents 1 to 30 days past due.",
  days31to60: "Cents 31 to 60 days past due.",
  days61to90: "Cents 61 to 90 days past due.",
  days90plus: "Cents more than 90 days past due.",
  total: "All open cents.",
};

const AgingCustomer = builder.objectRef<AgingRow>("AgingCustomer").implement({
  description: "One customer's open receivables by days past due, in cents.",
  fields: (t) => ({
    customer: t.exposeString("customer", { description: "The customer/payer." }),
    invoiceCount: t.exposeInt("invoiceCount", { description: "How many open invoices." }),
    ...Object.fromEntries(
      [...AGING_BUCKETS, "total" as const].map((bucket) => [
        bucket,
        t.float({ description: AGING_TEXT[bucket], resolve: (row) => row[bucket] }),
      ]),
    ),
  }),
});

const AgingTotals = builder.objectRef<AgingAmounts & { invoiceCount: number }>("AgingTotals").implement({
  description: "All open receivables by days past due, in cents (current = not yet due).",
  fields: (t) => ({
    invoiceCount: t.exposeInt("invoiceCount", { description: "How many open invoices." }),
    ...Object.fromEntries(
      [...AGING_BUCKETS, "total" as const].map((bucket) => [
        bucket,
        t.float({ description: AGING_TEXT[bucket], resolve: (row) => row[bucket] }),
      ]),
    ),
  }),
});

const ReceivablesAging = builder
  .objectRef<Awaited<ReturnType<typeof receivablesAging>>>("ReceivablesAging")
  .implement({
    description: "The receivables aging report: totals and one page of customers.",
    fields: (t) => ({
      asOf: t.field({ type: "DateTime", description: "The day aged at.", resolve: (report) => report.asOf }),
      totals: t.field({
        type: AgingTotals,
        description: "Every customer together.",
        resolve: (report) => report.totals,
      }),
      customers: t.field({
        type: [AgingCustomer],
        description: "This page's customers, largest open total first.",
        resolve: (report) => report.customers(),
      }),
      customerCount: t.int({
        description: "How many customers have open invoices.",
        resolve: (report) => report.customerCount(),
      }),
      page: t.exposeInt("page", { description: "This page's 1-based number." }),
      pageSize: t.exposeInt("pageSize", { description: "Customers per page." }),
    }),
  });

const SORT_FIELDS: Record<string, BillingSortField> = {
  NUMBER: "number",
  PARTY: "party",
  DATE: "date",
  AMOUNT: "amount",
  STATUS: "status",
  CREATED_AT: "createdAt",
};

function ledgerList(ledger: Ledger) {
  return (ctx: Context, request: ListRequest<BillingFilterInput, BillingSortField>) =>
    findBillingPage(ctx, ledger, {
      filters: { search: request.search, ...request.filter },
      sort: request.orderBy,
      paging: request.paging,
    }) as Promise<OffsetConnection<Entry>>;
}

pagedListField("invoices", {
  name: "Invoice",
  node: InvoiceType,
  description: "Accounts receivable: 50 a page, newest number first unless `orderBy` says otherwise.",
  authScopes: { admin: true },
  searchDescription: "Text in the invoice number or the customer/payer (any case).",
  filter: BillingFilter,
  sortFields: SORT_FIELDS,
  sortFieldDescriptions: {
    NUMBER: "By invoice number.",
    PARTY: "By customer/payer.",
    DATE: "By due date.",
    AMOUNT: "By amount due.",
    STATUS: "By status.",
    CREATED_AT: "By when it was created.",
  },
  defaultOrder: DEFAULT_BILLING_SORT,
  load: ledgerList("receivable"),
});

pagedListField("bills", {
  name: "Bill",
  node: BillType,
  description: "Accounts payable: 50 a page, newest number first unless `orderBy` says otherwise.",
  authScopes: { admin: true },
  searchDescription: "Text in the bill number or the carrier (any case).",
  filter: BillingFilter,
  sortFields: SORT_FIELDS,
  sortFieldDescriptions: {
    NUMBER: "By bill number.",
    PARTY: "By carrier.",
    DATE: "By payment date.",
    AMOUNT: "By amount.",
    STATUS: "By status.",
    CREATED_AT: "By when it was created.",
  },
  defaultOrder: DEFAULT_BILLING_SORT,
  load: ledgerList("payable"),
});

/** The sum of the filtered amounts beside totalCount (both from one scan), on both ledgers' connections. */
for (const connection of ["InvoiceConnection", "BillConnection"]) {
  builder.objectFields(
    connection as never,
    (t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, object>) => ({
      totalAmount: t.float({
        description: "Sum of the filtered amounts, dollars.",
        resolve: async (parent) => centsToAmount((await (parent as BillingPage).totals()).cents),
      }),
      totalAmountCents: t.float({
        description: "Sum of the filtered amounts in whole cents (Float: sums pass 2^31).",
        resolve: async (parent) => (await (parent as BillingPage).totals()).cents,
      }),
    }),
  );
}

builder.queryFields((t) => ({
  invoice: t.field({
    type: InvoiceType,
    nullable: true,
    description: "An invoice by its number; null when there is none.",
    authScopes: { admin: true },
    args: { invoiceNumber: t.arg.string({ required: true, description: "INV-000123." }) },
    resolve: (_root, args, ctx) => findEntry(ctx, "receivable", args.invoiceNumber),
  }),
  bill: t.field({
    type: BillType,
    nullable: true,
    description: "A bill by its number; null when there is none.",
    authScopes: { admin: true },
    args: { billNumber: t.arg.string({ required: true, description: "BILL-000123." }) },
    resolve: (_root, args, ctx) => findEntry(ctx, "payable", args.billNumber),
  }),
  myBills: t.field({
    type: [BillType],
    description:
      "The signed-in carrier's bills (won by them or billed to their carrier company), newest first.",
    authScopes: { carrier: true },
    args: {
      limit: t.arg.int({ description: `How many, 1 to ${MAX_CARRIER_BILLS} (default 50).` }),
    },
    resolve: (_root, args, ctx) => carrierBills(ctx, args.limit ?? 50),
  }),
  quickPayTerms: t.field({
    type: QuickPayTermsType,
    description: "The quick-pay terms (fee percent and days), for the carrier's confirm dialog.",
    authScopes: { carrier: true },
    resolve: (_root, _args, ctx) => ({
      feePercent: ctx.config.quickPayFeeBasisPoints / 100,
      days: ctx.config.quickPayDays,
    }),
  }),
  receivablesAging: t.field({
    type: ReceivablesAging,
    description: "Open receivables: current / 1-30 / 31-60 / 61-90 / 90+ days past due, per customer.",
    authScopes: { admin: true },
    args: {
      asOf: t.arg({ type: "DateTime", description: "The day to age at (today by default)." }),
      page: t.arg.int({ description: "Customers, 1-based page (largest open total first)." }),
      pageSize: t.arg.int({ description: "Customers per page (default 50, at most 500)." }),
    },
    resolve: (_root, args, ctx) =>
      receivablesAging(ctx, {
        asOf: args.asOf ?? undefined,
        page: Math.max(1, args.page ?? 1),
        pageSize: Math.min(500, Math.max(1, args.pageSize ?? 50)),
      }),
  }),
}));

const CreateInvoiceInput = builder.inputType("CreateInvoiceInput", {
  description: "'Add Invoice'. amountDue: a number or numeric text, at most two decimals.",
  fields: (t) => ({
    customerPayer: t.string({ description: "Who pays the invoice." }),
    dueDate: t.string({ description: "YYYY-MM-DD" }),
    amountDue: t.string({ description: 'Dollars as text, e.g. "1250.50": exact, no floating point.' }),
    status: t.field({ type: BillingStatusEnum, description: "The status; required." }),
    loadId: t.string({ description: "The readable load id to link, if any." }),
    lines: t.field({
      type: [BillingLineInput],
      description:
        "Line items; the amount is their sum (the amount may be left out). Left out: the amount is one linehaul line.",
    }),
  }),
});

const UpdateInvoiceInput = builder.inputType("UpdateInvoiceInput", {
  description: "The whole edit form: every field but loadId is required; the number cannot change.",
  fields: (t) => ({
    invoiceNumber: t.string({ required: true, description: "The invoice to change (INV-000123)." }),
    expectedVersion: t.int({
      description:
        "The invoice's version as the form read it: when it has changed since, nothing is saved and a ConflictError answers. Left out: no check.",
    }),
    customerPayer: t.string({ description: "Who pays the invoice." }),
    dueDate: t.string({ description: "YYYY-MM-DD" }),
    amountDue: t.string({ description: 'Dollars as text, e.g. "1250.50", at most two decimals.' }),
    status: t.field({ type: BillingStatusEnum, description: "The new status." }),
    loadId: t.string({ description: "null or empty unlinks; omitted keeps the link." }),
    lines: t.field({
      type: [BillingLineInput],
      description:
        "Replaces the line items; the amount is their sum. Left out: the lines stay (a one-line entry takes the new amount).",
    }),
  }),
});

const CreateBillInput = builder.inputType("CreateBillInput", {
  description: "'Add Bill'. amount: a number or numeric text, at most two decimals.",
  fields: (t) => ({
    carrier: t.string({ description: "The carrier to pay." }),
    paymentDate: t.string({ description: "YYYY-MM-DD" }),
    amount: t.string({ description: 'Dollars as text, e.g. "980.00".' }),
    status: t.field({ type: BillingStatusEnum, description: "The status; required." }),
    loadId: t.string({ description: "The readable load id to link, if any." }),
    lines: t.field({
      type: [BillingLineInput],
      description:
        "Line items; the amount is their sum (the amount may be left out). Left out: the amount is one linehaul line.",
    }),
  }),
});

const UpdateBillInput = builder.inputType("UpdateBillInput", {
  description: "The whole edit form: every field but loadId is required; the number cannot change.",
  fields: (t) => ({
    billNumber: t.string({ required: true, description: "The bill to change (BILL-000123)." }),
    expectedVersion: t.int({
      description:
        "The bill's version as the form read it: when it has changed since, nothing is saved and a ConflictError answers. Left out: no check.",
    }),
    carrier: t.string({ description: "The carrier to pay." }),
    paymentDate: t.string({ description: "YYYY-MM-DD" }),
    amount: t.string({ description: 'Dollars as text, e.g. "980.00", at most two decimals.' }),
    status: t.field({ type: BillingStatusEnum, description: "The new status." }),
    loadId: t.string({ description: "null or empty unlinks; omitted keeps the link." }),
    lines: t.field({
      type: [BillingLineInput],
      description:
        "Replaces the line items; the amount is their sum. Left out: the lines stay (a one-line entry takes the new amount).",
    }),
  }),
});

const QuickPayInput = builder.inputType("RequestQuickPayInput", {
  description: "The bill to be paid sooner, less the quick-pay fee.",
  fields: (t) => ({
    billNumber: t.string({ required: true, description: "BILL-000123." }),
  }),
});

const DecideTonuInput = builder.inputType("DecideTonuInput", {
  description: "An operator's decision on a cancelled load's TONU proposal.",
  fields: (t) => ({
    billNumber: t.string({ required: true, description: "BILL-000123." }),
    confirm: t.boolean({
      required: true,
      description: "true: the bill becomes one tonu line of the amount; false: the proposal is dismissed.",
    }),
    amount: t.string({ description: "Dollars as text; the proposed amount when left out." }),
  }),
});

const InvoicePayload = builder.objectRef<{ invoice: Entry }>("InvoicePayload").implement({
  description: "The invoice after the change.",
  fields: (t) => ({
    invoice: t.field({
      type: InvoiceType,
      description: "The invoice.",
      resolve: (payload) => payload.invoice,
    }),
  }),
});

const BillPayload = builder.objectRef<{ bill: Entry }>("BillPayload").implement({
  description: "The bill after the change.",
  fields: (t) => ({
    bill: t.field({ type: BillType, description: "The bill.", resolve: (payload) => payload.bill }),
  }),
});

/** GraphQL's "not sent" is undefined; the spec's payload leaves out what the form did not send. */
function withoutNumber<T extends Record<string, unknown>>(input: T, key: string) {
  const { [key]: _number, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

builder.mutationFields((t) => ({
  createInvoice: t.field({
    type: InvoicePayload,
    description: "Adds an invoice; its number is given by the server.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateInvoiceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invoice: await createEntry(ctx, "receivable", input) }),
  }),
  updateInvoice: t.field({
    type: InvoicePayload,
    description: "Saves an invoice's edit form.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateInvoiceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      invoice: await updateEntry(
        ctx,
        "receivable",
        input.invoiceNumber,
        withoutNumber(input, "invoiceNumber"),
      ),
    }),
  }),
  createBill: t.field({
    type: BillPayload,
    description: "Adds a bill; its number is given by the server.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateBillInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ bill: await createEntry(ctx, "payable", input) }),
  }),
  requestQuickPay: t.field({
    type: BillPayload,
    description:
      "The bill's carrier asks for quick pay: paid within QUICK_PAY_DAYS (default 2) days, less QUICK_PAY_FEE_PERCENT (default 2%). Once per bill.",
    authScopes: { carrier: true, admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: QuickPayInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ bill: await requestQuickPay(ctx, input.billNumber) }),
  }),
  decideTonu: t.field({
    type: BillPayload,
    description: "Confirms (the bill becomes one tonu line) or dismisses a cancelled load's TONU proposal.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: DecideTonuInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      bill: await decideTonu(ctx, input.billNumber, {
        confirm: input.confirm,
        amount: input.amount ?? undefined,
      }),
    }),
  }),
  updateBill: t.field({
    type: BillPayload,
    description: "Saves a bill's edit form.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: UpdateBillInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      bill: await updateEntry(ctx, "payable", input.billNumber, withoutNumber(input, "billNumber")),
    }),
  }),
}));

const LedgerEvent = builder.objectRef<{ ledger: Ledger; entry: Entry }>("BillingLedgerEvent").implement({
  description: "An invoice or a bill after it was created or changed.",
  fields: (t) => ({
    ledger: t.field({
      type: LedgerEnum,
      description: "Which ledger changed.",
      resolve: (event) => event.ledger,
    }),
    invoice: t.field({
      type: InvoiceType,
      nullable: true,
      description: "The invoice, for RECEIVABLE.",
      resolve: (event) => (event.ledger === "receivable" ? event.entry : null),
    }),
    bill: t.field({
      type: BillType,
      nullable: true,
      description: "The bill, for PAYABLE.",
      resolve: (event) => (event.ledger === "payable" ? event.entry : null),
    }),
  }),
});

builder.subscriptionField("billingLedgerChanged", (t) =>
  t.field({
    type: LedgerEvent,
    description: "Each invoice or bill created or changed (by an operator, a delivery or a winner).",
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe("billing"),
    resolve: async (event: { ledger: Ledger; id: string }, _args, ctx) => {
      const [entry] = await entriesByIds(ctx.db, event.ledger, [event.id]);
      return { ledger: event.ledger, entry };
    },
  }),
);
