import { z } from "zod";
import { readInstant } from "./date-time.ts";
import {
  centsToDecimal,
  formatCents,
  MAX_MONEY_CENTS,
  MAX_MONEY_TEXT,
  type MoneyProblem,
  parseMoneyCents,
} from "./money.ts";
import { changedElsewhere } from "./row-version.ts";
import { expectedVersionFields } from "./row-version-input.ts";

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

/** What a line of an invoice or a bill is for (issue #28). */
export const BILLING_LINE_KINDS = [
  "linehaul",
  "fuel",
  "detention",
  "lumper",
  "layover",
  "tonu",
  "other",
] as const;
export type BillingLineKind = (typeof BILLING_LINE_KINDS)[number];

export const BILLING_LINE_KIND_LABELS: Record<BillingLineKind, string> = {
  linehaul: "Linehaul",
  fuel: "Fuel",
  detention: "Detention",
  lumper: "Lumper",
  layover: "Layover",
  tonu: "TONU",
  other: "Other",
};

/** At most this many lines on one invoice or bill. */
export const MAX_BILLING_LINES = 50;

/** A line as the server keeps it: exact cents. */
export interface BillingLine {
  kind: BillingLineKind;
  description: string;
  amountCents: number;
}

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
  lineKindInvalid: `Kind must be one of ${BILLING_LINE_KINDS.join(", ")}`,
  lineDescriptionTooLong: "At most 200 characters",
  linesNotAList: "Lines must be a list of { kind, description, amount }",
  linesTooMany: `At most ${MAX_BILLING_LINES} lines`,
  linesRequired: "Add at least one line",
  linesTooLarge: `The lines cannot add up to more than ${MAX_MONEY_TEXT}`,
  quickPayNotOpen: "Quick pay is only for open bills (pending or overdue)",
  quickPayTwice: "Quick pay was already requested for this bill",
  tonuNoProposal: "This bill has no TONU proposal to decide",
  /** An edit of only the amount of an entry that has several lines: which line should change? */
  linesKeepAmount: "This entry has several lines: change the lines, the amount is their sum",
} as const;

/** The 400 of an amount that is not the sum of the lines sent with it. */
export function linesSumMessage(sumCents: number): string {
  return `Amount must equal the sum of the lines (${formatCents(sumCents)})`;
}

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

const lineKind = checked((value, issue): BillingLineKind => {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (BILLING_LINE_KINDS as readonly string[]).includes(text)
    ? (text as BillingLineKind)
    : issue(BILLING_TEXTS.lineKindInvalid);
});

const lineDescription = checked((value, issue): string => {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") return issue(BILLING_TEXTS.lineDescriptionTooLong);
  const text = value.trim();
  return text.length > 200 ? issue(BILLING_TEXTS.lineDescriptionTooLong) : text;
});

const lineSchema = z
  .object(
    {
      kind: lineKind.meta({ type: "string", enum: [...BILLING_LINE_KINDS] }),
      description: lineDescription.optional().meta({ type: "string", maxLength: 200 }),
      amount: money("create").meta({
        type: ["number", "string"],
        description: "Dollars, 0 or more, at most two decimals.",
      }),
    },
    { error: BILLING_TEXTS.linesNotAList },
  )
  .transform(
    (line): BillingLine => ({
      kind: line.kind,
      description: line.description ?? "",
      amountCents: line.amount,
    }),
  )
  .meta({ required: ["kind", "amount"] });

/** Optional line items: when given, at least one, at most MAX_BILLING_LINES. */
const linesField = z
  .array(lineSchema, { error: BILLING_TEXTS.linesNotAList })
  .min(1, BILLING_TEXTS.linesRequired)
  .max(MAX_BILLING_LINES, BILLING_TEXTS.linesTooMany)
  .nullish()
  .meta({
    description:
      "Line items (linehaul, fuel, detention, lumper, layover, tonu, other); the amount is their sum. " +
      "Left out: the amount alone, kept as one line.",
  });

/** The cents of lines as sent, when every amount is readable; null otherwise. */
function sentLinesCents(lines: unknown): number | null {
  if (!Array.isArray(lines) || lines.length === 0) return null;
  let sum = 0;
  for (const line of lines) {
    const result = parseMoneyCents((line as { amount?: unknown } | null)?.amount);
    if (!("cents" in result)) return null;
    sum += result.cents;
  }
  return sum;
}

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
  // Lines without an amount: the amount is their sum (filled in before the checks, so the
  // amount's own rules still read it; a line's problem is told on the line).
  const amountFromLines = (raw: unknown) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
    const body = raw as Record<string, unknown>;
    const amount = body[names.amount];
    if (!blank(amount) || !Array.isArray(body.lines) || body.lines.length === 0) return raw;
    const cents = sentLinesCents(body.lines);
    return {
      ...body,
      [names.amount]: cents === null ? "0" : centsToDecimal(Math.min(cents, MAX_MONEY_CENTS)),
    };
  };
  // What each field takes, for the API's OpenAPI document (the checks above read it as unknown).
  const fields = z
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
      lines: linesField,
      // The edit form's version (as GET answered it): 409 when the entry changed since.
      ...(form === "edit" ? expectedVersionFields : {}),
    })
    .superRefine((parsed, context) => {
      const fields = parsed as Record<string, unknown>;
      const lines = fields.lines as BillingLine[] | null | undefined;
      if (!lines?.length || lines.some((line) => typeof line?.amountCents !== "number")) return;
      const sum = lines.reduce((total, line) => total + line.amountCents, 0);
      if (sum > MAX_MONEY_CENTS) {
        context.addIssue({ code: "custom", message: BILLING_TEXTS.linesTooLarge, path: ["lines"] });
      } else if (sum !== fields[names.amount]) {
        context.addIssue({ code: "custom", message: linesSumMessage(sum), path: [names.amount] });
      }
    })
    .meta({ required: [names.party, names.date, names.amount, "status"] });
  return z.preprocess(amountFromLines, fields);
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
  /** The line items sent (their sum is amountCents); undefined: the amount alone. */
  lines?: BillingLine[];
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
      lines: (fields.lines as BillingLine[] | null | undefined) ?? undefined,
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
