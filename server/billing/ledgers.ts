import { BILLING_TEXTS, type Ledger } from "../../common/billing.ts";

/** The two billing number series (numbers.ts formats them). */
export type Series = "invoice" | "bill";

/** Where each ledger lives: both share every rule, only names differ. */
export interface LedgerTable {
  ledger: Ledger;
  series: Series;
  /** The table, quoted for SQL. */
  table: string;
  /** Count and sum per status and day, kept by triggers on `table` (same status and day columns). */
  dayTotals: string;
  /** Each party name in use, kept by triggers on `table` (same name column as `party`). */
  partyNames: string;
  /** SQLite's FTS5 trigram table over the number, under the entry's rowid, kept by triggers. */
  numberSearch: string;
  number: string;
  party: string;
  day: string;
  amount: string;
  /** The spec's name of the amount in forms and REST bodies (a 400's field). */
  amountField: string;
  entity: "Invoice" | "Bill";
  notFound: string;
  /** The 409 of an edit naming a version the entry no longer holds. */
  changed: string;
}

export const LEDGER_TABLES: Record<Ledger, LedgerTable> = {
  receivable: {
    ledger: "receivable",
    series: "invoice",
    table: `"Invoice"`,
    dayTotals: `"InvoiceDayTotal"`,
    partyNames: `"InvoicePartyName"`,
    numberSearch: `"InvoiceNumberSearch"`,
    number: "invoiceNumber",
    party: "customerPayer",
    day: "dueDate",
    amount: "amountDueCents",
    amountField: "amountDue",
    entity: "Invoice",
    notFound: "Invoice not found",
    changed: BILLING_TEXTS.invoiceChanged,
  },
  payable: {
    ledger: "payable",
    series: "bill",
    table: `"Bill"`,
    dayTotals: `"BillDayTotal"`,
    partyNames: `"BillPartyName"`,
    numberSearch: `"BillNumberSearch"`,
    number: "billNumber",
    party: "carrier",
    day: "paymentDate",
    amount: "amountCents",
    amountField: "amount",
    entity: "Bill",
    notFound: "Bill not found",
    changed: BILLING_TEXTS.billChanged,
  },
};
