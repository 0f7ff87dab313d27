import { z } from "zod";
import { readInstant } from "./date-time.ts";
import { MAX_MONEY_TEXT, type MoneyProblem, parseMoneyCents } from "./money.ts";
import { changedElsewhere, expectedVersionFields } from "./row-version.ts";

/**
 * The two ledgers' field rules and texts, shared by the server (REST and GraphQL) and the
 * client's Add and Edit forms. Spec sections 3, 4 and 5, texts verbatim.
 */
export const BILLING_STATUSES = ["pending", "paid", "overdue", "canceled"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  overdue: "Overdue",
  canceled: "Canceled",
};

/** Paid and canceled entries are settled: they are never past due and never age. */
export const SETTLED_STATUSES: readonly BillingStatus[] = ["paid", "canceled"];

export type Ledger = "receivable" | "payable";

/** The spec's field names of each ledger: the REST payloads and the forms use them. */
export const LEDGER_FIELDS = {
  receivable: { party: "customerPayer", date: "dueDate", amount: "amountDue" },
  payable: { party: "carrier", date: "paymentDate", amount: "amount" },
} as const;

export const BILLING_TEXTS = {
  partyRequired: "Customer or Payer is required",
  dateRequired: "Due Date is required",
  amountRequired: "Amount Date is required",
  statusRequired: "Status is required",
  editRequired: "Requerido",
  editNotANumber: "Debe ser número",
  dateInvalid: "Enter a date as YYYY-MM-DD",
  statusInvalid: "Status must be pending, paid, overdue or canceled",
  partyTooLong: "At most 200 characters",
  loadTooLong: "At most 100 characters",
  receivablesFetchFailed: "No se pudieron obtener las recibos",
  payablesFetchFailed: "No se pudieron obtener las cargas",
  oneFetchFailed: "No se pudo obtener la factura",
  updateFailed: "No se pudo actualizar la factura",
  saved: "Saved Correctly",
  saveError: "Error saving",
  empty: "No loads found.",
  invoiceNotFound: "Invoice not found",
  billNotFound: "Bill not found",
  loadNotFound: "Load not found",
  /** 409s of an edit naming a version that moved (someone else saved the entry since it was read). */
  invoiceChanged: changedElsewhere("invoice"),
  billChanged: changedElsewhere("bill"),
} as const;

const MONEY_TEXTS: Record<Exclude<MoneyProblem, "missing">, string> = {
  not_a_number: "Amount must be a number, e.g. 1250.00",
  negative: "Amount cannot be negative",
  too_precise: "Amount can have at most two decimals",
  too_small: "Amount must be more than $0.00",
  too_large: `Amount cannot exceed ${MAX_MONEY_TEXT}`,
};

/** The create form's text for an amount problem, or the edit form's ('Debe ser número'). */
export function moneyMessage(problem: MoneyProblem, form: "create" | "edit"): string {
  if (problem === "missing")
    return form === "create" ? BILLING_TEXTS.amountRequired : BILLING_TEXTS.editNotANumber;
  if (problem === "not_a_number" && form === "edit") return BILLING_TEXTS.editNotANumber;
  return MONEY_TEXTS[problem];
}

/**
 * A calendar day ("2026-11-30", or an ISO date-time whose UTC day is taken) as UTC midnight;
 * null when the shared date rule (common/date-time.ts' readInstant: a real date of the years
 * 2000 to 2100) refuses it.
 */
export function parseCalendarDay(value: unknown): Date | null {
  if (typeof value !== "string" && !(value instanceof Date)) return null;
  const date = readInstant(value);
  if (!(date instanceof Date)) return null;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** "2026-11-30" of a stored day. */
export function dayText(date: Date | string): string {
  return (typeof date === "string" ? new Date(date) : date).toISOString().slice(0, 10);
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";

type Issue = (message: string) => never;

function checked<T>(read: (value: unknown, issue: Issue) => T) {
  return z.unknown().transform((value, context): T => {
    let failed = false;
    const issue = ((message: string) => {
      failed = true;
      context.addIssue({ code: "custom", message });
    }) as Issue;
    const result = read(value, issue);
    return failed ? z.NEVER : result;
  });
}

const party = (required: string) =>
  checked((value, issue) => {
    if (blank(value) || (typeof value !== "string" && typeof value !== "number")) return issue(required);
    const text = String(value).trim();
    if (text.length > 200) return issue(BILLING_TEXTS.partyTooLong);
    return text;
  });

const day = (required: string) =>
  checked((value, issue) => {
    if (blank(value)) return issue(required);
    return parseCalendarDay(value) ?? issue(BILLING_TEXTS.dateInvalid);
  });

const money = (form: "create" | "edit") =>
  checked((value, issue) => {
    const result = parseMoneyCents(value);
    return "cents" in result ? result.cents : issue(moneyMessage(result.problem, form));
  });

const status = (required: string) =>
  checked((value, issue) => {
    if (blank(value)) return issue(required);
    const text = String(value).trim().toLowerCase();
    const normalized = text === "cancelled" ? "canceled" : text;
    return (BILLING_STATUSES as readonly string[]).includes(normalized)
      ? (normalized as BillingStatus)
      : issue(BILLING_TEXTS.statusInvalid);
  });

/** A load to link by its loadId: undefined leaves the link, null or blank removes it. */
const loadReference = checked((value, issue): string | null | undefined => {
  if (value === undefined) return undefined;
  if (blank(value)) return null;
  if (typeof value !== "string" && typeof value !== "number") return issue(BILLING_TEXTS.loadNotFound);
  const text = String(value).trim();
  return text.length > 100 ? issue(BILLING_TEXTS.loadTooLong) : text;
});

function entrySchema(ledger: Ledger, form: "create" | "edit") {
  const names = LEDGER_FIELDS[ledger];
  const required = (text: string) => (form === "create" ? text : BILLING_TEXTS.editRequired);
  // What each field takes, for the API's OpenAPI document (the checks above read it as unknown).
  return z
    .object({
      [names.party]: party(required(BILLING_TEXTS.partyRequired)).meta({
        type: "string",
        maxLength: 200,
        description: ledger === "receivable" ? "The customer or payer." : "The carrier paid.",
      }),
      [names.date]: day(required(BILLING_TEXTS.dateRequired)).meta({
        type: "string",
        format: "date",
        description: `${ledger === "receivable" ? "Due" : "Payment"} day, YYYY-MM-DD (of an ISO date-time: its UTC day).`,
      }),
      [names.amount]: money(form).meta({
        type: ["number", "string"],
        description: "Dollars, 0 or more, at most two decimals.",
      }),
      status: status(required(BILLING_TEXTS.statusRequired)).meta({
        type: "string",
        enum: [...BILLING_STATUSES],
      }),
      loadId: loadReference.optional().meta({
        type: ["string", "null"],
        description: "The load it bills, by loadId; null or blank removes the link, left out keeps it.",
      }),
      // The edit form's version (as GET answered it): 409 when the entry changed since.
      ...(form === "edit" ? expectedVersionFields : {}),
    })
    .meta({ required: [names.party, names.date, names.amount, "status"] });
}

/** What the service stores, whichever ledger and form it came from. */
export interface BillingEntryInput {
  party: string;
  day: Date;
  amountCents: number;
  status: BillingStatus;
  loadId: string | null | undefined;
  /** The edit's version as its form read it (`expectedVersion` or `version`); undefined: no check. */
  expectedVersion?: number;
}

function entryInputSchema(ledger: Ledger, form: "create" | "edit") {
  const names = LEDGER_FIELDS[ledger];
  return entrySchema(ledger, form).transform((parsed): BillingEntryInput => {
    // Keyed by the ledger's names, so the parsed object's type cannot name them.
    const fields = parsed as Record<string, unknown>;
    return {
      party: fields[names.party] as string,
      day: fields[names.date] as Date,
      amountCents: fields[names.amount] as number,
      status: fields.status as BillingStatus,
      loadId: fields.loadId as string | null | undefined,
      expectedVersion: (fields.expectedVersion ?? fields.version) as number | undefined,
    };
  });
}

const ENTRY_SCHEMAS = {
  receivable: {
    create: entryInputSchema("receivable", "create"),
    edit: entryInputSchema("receivable", "edit"),
  },
  payable: { create: entryInputSchema("payable", "create"), edit: entryInputSchema("payable", "edit") },
};

/**
 * The spec's payload of one ledger and form -> the stored fields; ZodError-style issues otherwise.
 * One schema object per ledger and form: the service validates and the API documents the same one.
 */
export function billingEntrySchema(ledger: Ledger, form: "create" | "edit") {
  return ENTRY_SCHEMAS[ledger][form];
}
