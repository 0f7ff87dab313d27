import { BILLING_STATUSES, type BillingStatus, type Ledger } from "../../common/billing.ts";
import { centsToAmount } from "../../common/money.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import type { OffsetConnection } from "../graphql/offset-paging.ts";
import { type ListRequest, pagedListField } from "../graphql/paged-list.ts";
import { AGING_BUCKETS, type AgingAmounts, type AgingRow, receivablesAging } from "./aging.ts";
import { daysPastDue } from "./due.ts";
import { rateConfirmationPath, trackingLinkOf } from "./json.ts";
import { type BillingSortField, DEFAULT_BILLING_SORT } from "./list.ts";
import { type BillingPage, createEntry, findBillingPage, findEntry, updateEntry } from "./service.ts";
import { type Entry, entriesByIds, type LinkedLoad } from "./store.ts";

export const BillingStatusEnum = builder.enumType("BillingStatus", { values: BILLING_STATUSES });

const LedgerEnum = builder.enumType("BillingLedger", {
  description: "RECEIVABLE: invoices (what customers owe); PAYABLE: bills (what carriers are owed).",
  values: { RECEIVABLE: { value: "receivable" as const }, PAYABLE: { value: "payable" as const } },
});

const BillingLoadLink = builder.objectRef<LinkedLoad>("BillingLoadLink").implement({
  description: "The load an invoice or bill belongs to.",
  fields: (t) => ({
    loadId: t.exposeString("loadId"),
    routeNumber: t.string({ nullable: true, resolve: (load) => load.route?.routeNumber ?? null }),
  }),
});

const byLedger = (ledger: Ledger) => (ids: string[], ctx: { db: Parameters<typeof entriesByIds>[0] }) =>
  entriesByIds(ctx.db, ledger, ids);

export const InvoiceType = builder.node(builder.objectRef<Entry>("Invoice"), {
  description: "Accounts receivable: what a customer or payer owes. Read-only invoiceNumber.",
  authScopes: { admin: true },
  id: { resolve: (entry) => entry.id },
  loadMany: byLedger("receivable"),
  isTypeOf: (value) => (value as Entry).ledger === "receivable",
  fields: (t) => ({
    invoiceNumber: t.string({ description: "INV-000123, given by the server.", resolve: (e) => e.number }),
    customerPayer: t.string({ resolve: (e) => e.party }),
    dueDate: t.field({ type: "DateTime", resolve: (e) => e.day }),
    amountDue: t.float({
      description: "Dollars (the spec's number).",
      resolve: (e) => centsToAmount(e.amountCents),
    }),
    amountDueCents: t.int({ resolve: (e) => e.amountCents }),
    status: t.field({ type: BillingStatusEnum, resolve: (e) => e.status }),
    pastDue: t.boolean({
      description: "Due date passed and neither paid nor canceled (the status is not changed).",
      resolve: (e) => daysPastDue(e.day, e.status, new Date()) > 0,
    }),
    daysPastDue: t.int({ resolve: (e) => daysPastDue(e.day, e.status, new Date()) }),
    trackingLink: t.string({ nullable: true, resolve: (e) => trackingLinkOf(e, e.load) }),
    load: t.field({ type: BillingLoadLink, nullable: true, resolve: (e) => e.load }),
    drafted: t.boolean({
      description: "Drafted by the server when its load was delivered.",
      resolve: (e) => e.sourceKey !== null,
    }),
    createdAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (e) => e.updatedAt }),
  }),
});

export const BillType = builder.node(builder.objectRef<Entry>("Bill"), {
  description: "Accounts payable: what a carrier is owed. Read-only billNumber.",
  authScopes: { admin: true },
  id: { resolve: (entry) => entry.id },
  loadMany: byLedger("payable"),
  isTypeOf: (value) => (value as Entry).ledger === "payable",
  fields: (t) => ({
    billNumber: t.string({ description: "BILL-000123, given by the server.", resolve: (e) => e.number }),
    carrier: t.string({ resolve: (e) => e.party }),
    paymentDate: t.field({ type: "DateTime", resolve: (e) => e.day }),
    amount: t.float({
      description: "Dollars (the spec's number).",
      resolve: (e) => centsToAmount(e.amountCents),
    }),
    amountCents: t.int({ resolve: (e) => e.amountCents }),
    status: t.field({ type: BillingStatusEnum, resolve: (e) => e.status }),
    pastDue: t.boolean({ resolve: (e) => daysPastDue(e.day, e.status, new Date()) > 0 }),
    daysPastDue: t.int({ resolve: (e) => daysPastDue(e.day, e.status, new Date()) }),
    trackingLink: t.string({ nullable: true, resolve: (e) => trackingLinkOf(e, e.load) }),
    load: t.field({ type: BillingLoadLink, nullable: true, resolve: (e) => e.load }),
    rateConfirmationUrl: t.string({
      nullable: true,
      description: "The rate confirmation PDF, for bills created for a marketplace winner.",
      resolve: (e) => (e.sourceKey?.startsWith("winner:") ? rateConfirmationPath(e) : null),
    }),
    createdAt: t.field({ type: "DateTime", resolve: (e) => e.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (e) => e.updatedAt }),
  }),
});

interface BillingFilterInput {
  status?: BillingStatus[] | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
  pastDue?: boolean | null;
}

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const BillingFilter = builder.inputRef<BillingFilterInput>("BillingFilter").implement({
  fields: (t) => ({
    status: t.field({ type: [BillingStatusEnum] }),
    dateFrom: t.field({ type: "DateTime", description: "Due date (invoices) or payment date (bills) from." }),
    dateTo: t.field({ type: "DateTime" }),
    pastDue: t.boolean({ description: "true: only past due; false: none past due." }),
  }),
});

const AgingCustomer = builder.objectRef<AgingRow>("AgingCustomer").implement({
  description: "One customer's open receivables by days past due, in cents.",
  fields: (t) => ({
    customer: t.exposeString("customer"),
    invoiceCount: t.exposeInt("invoiceCount"),
    ...Object.fromEntries(
      [...AGING_BUCKETS, "total" as const].map((bucket) => [
        bucket,
        t.float({ resolve: (row) => row[bucket] }),
      ]),
    ),
  }),
});

const AgingTotals = builder.objectRef<AgingAmounts & { invoiceCount: number }>("AgingTotals").implement({
  description: "All open receivables by days past due, in cents (current = not yet due).",
  fields: (t) => ({
    invoiceCount: t.exposeInt("invoiceCount"),
    ...Object.fromEntries(
      [...AGING_BUCKETS, "total" as const].map((bucket) => [
        bucket,
        t.float({ resolve: (row) => row[bucket] }),
      ]),
    ),
  }),
});

const ReceivablesAging = builder
  .objectRef<Awaited<ReturnType<typeof receivablesAging>>>("ReceivablesAging")
  .implement({
    fields: (t) => ({
      asOf: t.field({ type: "DateTime", resolve: (report) => report.asOf }),
      totals: t.field({ type: AgingTotals, resolve: (report) => report.totals }),
      customers: t.field({ type: [AgingCustomer], resolve: (report) => report.customers() }),
      customerCount: t.int({ resolve: (report) => report.customerCount() }),
      page: t.exposeInt("page"),
      pageSize: t.exposeInt("pageSize"),
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
  defaultOrder: DEFAULT_BILLING_SORT,
  load: ledgerList("payable"),
});

/** The sum of the filtered amounts beside totalCount (both from one scan), on both ledgers' connections. */
for (const connection of ["InvoiceConnection", "BillConnection"]) {
  builder.objectFields(
    connection as never,
    (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, object>) => ({
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
    authScopes: { admin: true },
    args: { invoiceNumber: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => findEntry(ctx, "receivable", args.invoiceNumber),
  }),
  bill: t.field({
    type: BillType,
    nullable: true,
    authScopes: { admin: true },
    args: { billNumber: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => findEntry(ctx, "payable", args.billNumber),
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
    customerPayer: t.string(),
    dueDate: t.string({ description: "YYYY-MM-DD" }),
    amountDue: t.string({ description: 'Dollars as text, e.g. "1250.50": exact, no floating point.' }),
    status: t.field({ type: BillingStatusEnum }),
    loadId: t.string({ description: "The readable load id to link, if any." }),
  }),
});

const UpdateInvoiceInput = builder.inputType("UpdateInvoiceInput", {
  fields: (t) => ({
    invoiceNumber: t.string({ required: true }),
    customerPayer: t.string(),
    dueDate: t.string(),
    amountDue: t.string(),
    status: t.field({ type: BillingStatusEnum }),
    loadId: t.string({ description: "null or empty unlinks; omitted keeps the link." }),
  }),
});

const CreateBillInput = builder.inputType("CreateBillInput", {
  description: "'Add Bill'. amount: a number or numeric text, at most two decimals.",
  fields: (t) => ({
    carrier: t.string(),
    paymentDate: t.string({ description: "YYYY-MM-DD" }),
    amount: t.string({ description: 'Dollars as text, e.g. "980.00".' }),
    status: t.field({ type: BillingStatusEnum }),
    loadId: t.string(),
  }),
});

const UpdateBillInput = builder.inputType("UpdateBillInput", {
  fields: (t) => ({
    billNumber: t.string({ required: true }),
    carrier: t.string(),
    paymentDate: t.string(),
    amount: t.string(),
    status: t.field({ type: BillingStatusEnum }),
    loadId: t.string(),
  }),
});

const InvoicePayload = builder.objectRef<{ invoice: Entry }>("InvoicePayload").implement({
  fields: (t) => ({ invoice: t.field({ type: InvoiceType, resolve: (payload) => payload.invoice }) }),
});

const BillPayload = builder.objectRef<{ bill: Entry }>("BillPayload").implement({
  fields: (t) => ({ bill: t.field({ type: BillType, resolve: (payload) => payload.bill }) }),
});

/** GraphQL's "not sent" is undefined; the spec's payload leaves out what the form did not send. */
function withoutNumber<T extends Record<string, unknown>>(input: T, key: string) {
  const { [key]: _number, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

builder.mutationFields((t) => ({
  createInvoice: t.field({
    type: InvoicePayload,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateInvoiceInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ invoice: await createEntry(ctx, "receivable", input) }),
  }),
  updateInvoice: t.field({
    type: InvoicePayload,
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
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: CreateBillInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ bill: await createEntry(ctx, "payable", input) }),
  }),
  updateBill: t.field({
    type: BillPayload,
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
    ledger: t.field({ type: LedgerEnum, resolve: (event) => event.ledger }),
    invoice: t.field({
      type: InvoiceType,
      nullable: true,
      resolve: (event) => (event.ledger === "receivable" ? event.entry : null),
    }),
    bill: t.field({
      type: BillType,
      nullable: true,
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
