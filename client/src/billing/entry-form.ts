import {
  BILLING_TEXTS,
  type BillingLineKind,
  type BillingStatus,
  billingEntrySchema,
  LEDGER_FIELDS,
  type Ledger,
} from "../../../common/billing.ts";
import { centsToDecimal, parseMoneyCents } from "../../../common/money.ts";

/** The four fields of an Add or Edit form, as typed (the amount stays text: exact to the cent). */
export interface EntryValues {
  party: string;
  date: string;
  amount: string;
  status: BillingStatus | "";
}

export type EntryField = keyof EntryValues;
export type EntryProblems = Partial<Record<EntryField, string>>;

export const EMPTY_ENTRY: EntryValues = { party: "", date: "", amount: "", status: "" };

export const FIELD_LABELS: Record<Ledger, Record<EntryField, string>> = {
  receivable: { party: "Customer/Payer", date: "Due Date", amount: "Amount Due", status: "Status" },
  payable: { party: "Carrier", date: "Payment Date", amount: "Amount", status: "Status" },
};

/** The spec's payload of this ledger (customerPayer/dueDate/amountDue or carrier/paymentDate/amount). */
export function payloadOf(ledger: Ledger, values: EntryValues): Record<string, string> {
  const names = LEDGER_FIELDS[ledger];
  return {
    [names.party]: values.party,
    [names.date]: values.date,
    [names.amount]: values.amount,
    status: values.status,
  };
}

/** A server or schema field name -> the form's field. */
export function entryFieldOf(ledger: Ledger, field: string): EntryField | null {
  const names = LEDGER_FIELDS[ledger];
  if (field === names.party) return "party";
  if (field === names.date) return "date";
  if (field === names.amount) return "amount";
  if (field === "status") return "status";
  return null;
}

/** The same rules and texts the server applies ('Customer or Payer is required', 'Requerido', ...). */
export function entryProblems(ledger: Ledger, form: "create" | "edit", values: EntryValues): EntryProblems {
  const result = billingEntrySchema(ledger, form).safeParse(payloadOf(ledger, values));
  if (result.success) return {};
  const problems: EntryProblems = {};
  for (const issue of result.error.issues) {
    const field = entryFieldOf(ledger, String(issue.path[0] ?? ""));
    if (field) problems[field] ??= issue.message;
  }
  return problems;
}

export const CREATE_TEXTS: Record<
  Ledger,
  { title: string; conflict: string; inlineFallback: string; created: string }
> = {
  receivable: {
    title: "Add Invoice",
    conflict: "Error creating invoice: An invoice with this number already exists.",
    inlineFallback: "An unexpected error occurred while creating the invoice.",
    created: "Invoice added",
  },
  payable: {
    title: "Add Bill",
    conflict: "Error creating bill: A bill with this number already exists.",
    inlineFallback: "An unexpected error occurred while creating the bill.",
    created: "Bill added",
  },
};

export const FETCH_FAILED: Record<Ledger, string> = {
  receivable: BILLING_TEXTS.receivablesFetchFailed,
  payable: BILLING_TEXTS.payablesFetchFailed,
};

/** A line item of the form, as typed (the amount stays text: exact to the cent). */
export interface LineValues {
  kind: BillingLineKind;
  description: string;
  amount: string;
}

export const NEW_LINE: LineValues = { kind: "linehaul", description: "", amount: "" };

/** The lines of a stored entry, as the form edits them. */
export function lineValuesOf(
  lines: readonly { kind: string; description: string; amountCents: number }[],
): LineValues[] {
  return lines.map((line) => ({
    kind: line.kind as BillingLineKind,
    description: line.description,
    amount: centsToDecimal(line.amountCents),
  }));
}

/** The sum of the lines in cents; null while one amount is not a valid one. */
export function linesTotalCents(lines: readonly LineValues[]): number | null {
  let total = 0;
  for (const line of lines) {
    const result = parseMoneyCents(line.amount);
    if (!("cents" in result)) return null;
    total += result.cents;
  }
  return total;
}

/** The GraphQL input's lines. */
export function linesInput(lines: readonly LineValues[]) {
  return lines.map((line) => ({ kind: line.kind, description: line.description, amount: line.amount }));
}

/** Each line's problems ("lines.0.amount" -> text), by the same rules the server applies. */
export function lineProblems(
  ledger: Ledger,
  form: "create" | "edit",
  values: EntryValues,
  lines: readonly LineValues[],
) {
  const problems: Record<string, string> = {};
  if (lines.length === 0) return problems;
  const result = billingEntrySchema(ledger, form).safeParse({
    ...payloadOf(ledger, values),
    lines: linesInput(lines),
  });
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    if (issue.path[0] !== "lines") continue;
    problems[issue.path.join(".")] ??= issue.message;
  }
  return problems;
}

/** The server's per-line problems of a refused save. */
export function lineProblemsOfFailure(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field.startsWith("lines")));
}
