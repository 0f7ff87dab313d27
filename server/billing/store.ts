import type { BillingLine, BillingLineKind, BillingStatus, Ledger } from "../../common/billing.ts";
import type { Db } from "../db/client.ts";
import { toDate } from "../db/reader.ts";
import type { Bill, Invoice } from "../generated/sqlite/client.ts";
import { NEXT_VERSION } from "../lib/row-version.ts";
import type { Series } from "./ledgers.ts";
import type { BillingPageRow } from "./store-list.ts";

type LedgerDb = Pick<Db, "invoice" | "bill" | "billingLine">;

/** What bumps a billing number series: the caller's transaction (or client). */
export type SequenceRunner = Pick<Db, "$queryRawUnsafe">;

/**
 * Bumps the series inside the caller's transaction and returns the new value. The upsert takes the
 * series row's lock on PostgreSQL (held until commit) and SQLite runs one writer at a time, so
 * concurrent creates get distinct, gap-free numbers; a rollback gives its number back. The series
 * name is one of two constants, written inline so the statement is the same on both databases.
 */
export async function bumpBillingSequence(tx: SequenceRunner, series: Series, step: 0 | 1): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ value: number | bigint }[]>(
    `INSERT INTO "BillingSequence" ("name", "value") VALUES ('${series}', ${step}) ` +
      `ON CONFLICT ("name") DO UPDATE SET "value" = "BillingSequence"."value" + ${step} RETURNING "value"`,
  );
  return Number(rows[0].value);
}

/** What a linked load contributes to an entry's answer (the Actions column's tracking link). */
export const LINKED_LOAD = {
  select: { id: true, loadId: true, trackingLink: true, route: { select: { routeNumber: true } } },
} as const;

export interface LinkedLoad {
  id: string;
  loadId: string;
  trackingLink: string | null;
  route: { routeNumber: string } | null;
}

/** One invoice or bill, whichever ledger, with the names of the service. */
export interface Entry {
  ledger: Ledger;
  id: string;
  number: string;
  party: string;
  day: Date;
  amountCents: number;
  status: BillingStatus;
  load: LinkedLoad | null;
  trackingLink: string | null;
  sourceKey: string | null;
  carrierId: string | null;
  winnerUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic concurrency (server/lib/row-version.ts): moves with every write. */
  version: number;
  /** The line items, when read with the entry (list pages read them apart: `linesOfEntry`). */
  lines?: BillingLine[];
  /** Invoices: the POD document it was drafted on. */
  podDocumentId: string | null;
  /** Bills: quick pay, once asked. */
  quickPay: QuickPay | null;
  /** Bills: a TONU charge proposed on cancellation, waiting for an operator. */
  tonuProposedCents: number | null;
}

export interface QuickPay {
  at: Date;
  feeCents: number;
  feeBasisPoints: number;
}

interface LineRow {
  kind: string;
  description: string;
  amountCents: number;
}

/**
 * The lines as stored; an entry written before line items (or by a bulk path) has none stored
 * and reads as one linehaul line of its amount, so "the lines add up to the amount" always holds.
 */
export function linesOrAmount(rows: readonly LineRow[] | undefined, amountCents: number): BillingLine[] {
  if (rows && rows.length > 0) {
    return rows.map((row) => ({
      kind: row.kind as BillingLineKind,
      description: row.description,
      amountCents: row.amountCents,
    }));
  }
  return [{ kind: "linehaul", description: "", amountCents }];
}

type InvoiceRow = Invoice & { load: LinkedLoad | null; lines?: LineRow[] };
type BillRow = Bill & { load: LinkedLoad | null; lines?: LineRow[] };

function fromInvoice(row: InvoiceRow): Entry {
  return {
    ledger: "receivable",
    id: row.id,
    number: row.invoiceNumber,
    party: row.customerPayer,
    day: row.dueDate,
    amountCents: row.amountDueCents,
    status: row.status as BillingStatus,
    load: row.load,
    trackingLink: row.trackingLink,
    sourceKey: row.sourceKey,
    carrierId: null,
    winnerUserId: null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
    lines: row.lines ? linesOrAmount(row.lines, row.amountDueCents) : undefined,
    podDocumentId: row.podDocumentId,
    quickPay: null,
    tonuProposedCents: null,
  };
}

function fromBill(row: BillRow): Entry {
  return {
    ledger: "payable",
    id: row.id,
    number: row.billNumber,
    party: row.carrier,
    day: row.paymentDate,
    amountCents: row.amountCents,
    status: row.status as BillingStatus,
    load: row.load,
    trackingLink: row.trackingLink,
    sourceKey: row.sourceKey,
    carrierId: row.carrierId,
    winnerUserId: row.winnerUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
    lines: row.lines ? linesOrAmount(row.lines, row.amountCents) : undefined,
    podDocumentId: null,
    quickPay:
      row.quickPayAt && row.quickPayFeeCents !== null
        ? {
            at: row.quickPayAt,
            feeCents: row.quickPayFeeCents,
            feeBasisPoints: row.quickPayFeeBasisPoints ?? 0,
          }
        : null,
    tonuProposedCents: row.tonuProposedCents,
  };
}

const LINE_SELECT = { kind: true, description: true, amountCents: true } as const;
const include = {
  load: LINKED_LOAD,
  lines: { select: LINE_SELECT, orderBy: { position: "asc" } },
} as const;

export interface EntryWrite {
  party: string;
  day: Date;
  amountCents: number;
  status: BillingStatus;
  /** The Load row id; null unlinks; undefined leaves the link. */
  loadId?: string | null;
}

export interface EntryCreate extends EntryWrite {
  number: string;
  /** The line items; their sum is amountCents (the caller checked it). */
  lines: BillingLine[];
  podDocumentId?: string | null;
  sourceKey?: string;
  carrierId?: string | null;
  winnerUserId?: string | null;
}

export async function insertEntry(db: LedgerDb, ledger: Ledger, data: EntryCreate): Promise<Entry> {
  if (ledger === "receivable") {
    return fromInvoice(
      await db.invoice.create({
        data: {
          invoiceNumber: data.number,
          customerPayer: data.party,
          dueDate: data.day,
          amountDueCents: data.amountCents,
          status: data.status,
          loadId: data.loadId ?? null,
          sourceKey: data.sourceKey ?? null,
          podDocumentId: data.podDocumentId ?? null,
          lines: { create: lineRows(data.lines) },
        },
        include,
      }),
    );
  }
  return fromBill(
    await db.bill.create({
      data: {
        billNumber: data.number,
        carrier: data.party,
        paymentDate: data.day,
        amountCents: data.amountCents,
        status: data.status,
        loadId: data.loadId ?? null,
        sourceKey: data.sourceKey ?? null,
        carrierId: data.carrierId ?? null,
        winnerUserId: data.winnerUserId ?? null,
        lines: { create: lineRows(data.lines) },
      },
      include,
    }),
  );
}

function lineRows(lines: readonly BillingLine[]) {
  return lines.map((line, position) => ({
    position,
    kind: line.kind,
    description: line.description,
    amountCents: line.amountCents,
  }));
}

/** Replaces an entry's line items (inside the transaction that writes its amount). */
export async function replaceLines(
  db: LedgerDb,
  ledger: Ledger,
  id: string,
  lines: readonly BillingLine[],
): Promise<void> {
  const owner = ledger === "receivable" ? { invoiceId: id } : { billId: id };
  await db.billingLine.deleteMany({ where: owner });
  await db.billingLine.createMany({ data: lineRows(lines).map((row) => ({ ...row, ...owner })) });
}

/** The line items of one entry read without them (a list page's row). */
export async function linesOfEntry(db: LedgerDb, entry: Entry): Promise<BillingLine[]> {
  if (entry.lines) return entry.lines;
  const rows = await db.billingLine.findMany({
    where: entry.ledger === "receivable" ? { invoiceId: entry.id } : { billId: entry.id },
    select: LINE_SELECT,
    orderBy: { position: "asc" },
  });
  return linesOrAmount(rows, entry.amountCents);
}

/** Bills: quick pay once (only while not yet asked: answers how many rows it wrote). */
export function writeQuickPay(
  db: LedgerDb,
  id: string,
  data: { at: Date; paymentDate: Date; feeCents: number; feeBasisPoints: number },
): Promise<{ count: number }> {
  return db.bill.updateMany({
    where: { id, quickPayAt: null },
    data: {
      quickPayAt: data.at,
      paymentDate: data.paymentDate,
      quickPayFeeCents: data.feeCents,
      quickPayFeeBasisPoints: data.feeBasisPoints,
      ...NEXT_VERSION,
    },
  });
}

/** Bills: the quick-pay fee again, after an edit moved the amount. */
export function writeQuickPayFee(db: LedgerDb, id: string, feeCents: number): Promise<{ count: number }> {
  return db.bill.updateMany({ where: { id }, data: { quickPayFeeCents: feeCents, ...NEXT_VERSION } });
}

/** Bills: the TONU proposal (a number of cents) or none. */
export function writeTonuProposal(
  db: LedgerDb,
  id: string,
  cents: number | null,
): Promise<{ count: number }> {
  return db.bill.updateMany({ where: { id }, data: { tonuProposedCents: cents, ...NEXT_VERSION } });
}

/** Bills: the amount and status a TONU decision leaves (the proposal cleared). */
export function writeTonuDecision(
  db: LedgerDb,
  id: string,
  data: { amountCents?: number; status?: BillingStatus },
): Promise<{ count: number }> {
  return db.bill.updateMany({
    where: { id, tonuProposedCents: { not: null } },
    data: { ...data, tonuProposedCents: null, ...NEXT_VERSION },
  });
}

/** Invoices: links the POD document it follows. */
export function writeInvoicePod(db: LedgerDb, id: string, documentId: string): Promise<{ count: number }> {
  return db.invoice.updateMany({
    where: { id, podDocumentId: null },
    data: { podDocumentId: documentId, ...NEXT_VERSION },
  });
}

/** The load's bills (a cancelled load's TONU proposal finds its carrier's bill here). */
export async function billsOfLoad(db: LedgerDb, loadDbId: string): Promise<Entry[]> {
  return (
    await db.bill.findMany({ where: { loadId: loadDbId }, include, orderBy: { createdAt: "asc" } })
  ).map(fromBill);
}

/** Whether the load has any invoice (the POD drafts one only when it has none). */
export async function invoiceOfLoad(db: LedgerDb, loadDbId: string): Promise<Entry | null> {
  const row = await db.invoice.findFirst({
    where: { loadId: loadDbId },
    include,
    orderBy: { createdAt: "asc" },
  });
  return row ? fromInvoice(row) : null;
}

/**
 * Writes an edit while the entry still holds `version.version` (always when it is not given),
 * moving its version: answers how many rows it wrote (server/lib/row-version.ts `writeAtVersion`).
 */
export function writeEntryRow(
  db: LedgerDb,
  ledger: Ledger,
  id: string,
  data: EntryWrite,
  version: { version?: number },
): Promise<{ count: number }> {
  if (ledger === "receivable") {
    return db.invoice.updateMany({
      where: { id, ...version },
      data: {
        customerPayer: data.party,
        dueDate: data.day,
        amountDueCents: data.amountCents,
        status: data.status,
        loadId: data.loadId,
        ...NEXT_VERSION,
      },
    });
  }
  return db.bill.updateMany({
    where: { id, ...version },
    data: {
      carrier: data.party,
      paymentDate: data.day,
      amountCents: data.amountCents,
      status: data.status,
      loadId: data.loadId,
      ...NEXT_VERSION,
    },
  });
}

export async function entryById(db: LedgerDb, ledger: Ledger, id: string): Promise<Entry> {
  if (ledger === "receivable")
    return fromInvoice(await db.invoice.findUniqueOrThrow({ where: { id }, include }));
  return fromBill(await db.bill.findUniqueOrThrow({ where: { id }, include }));
}

export async function entryByNumber(db: LedgerDb, ledger: Ledger, number: string): Promise<Entry | null> {
  if (ledger === "receivable") {
    const row = await db.invoice.findUnique({ where: { invoiceNumber: number }, include });
    return row ? fromInvoice(row) : null;
  }
  const row = await db.bill.findUnique({ where: { billNumber: number }, include });
  return row ? fromBill(row) : null;
}

export async function entryBySourceKey(
  db: LedgerDb,
  ledger: Ledger,
  sourceKey: string,
): Promise<Entry | null> {
  if (ledger === "receivable") {
    const row = await db.invoice.findUnique({ where: { sourceKey }, include });
    return row ? fromInvoice(row) : null;
  }
  const row = await db.bill.findUnique({ where: { sourceKey }, include });
  return row ? fromBill(row) : null;
}

/** An entry from a list page's row (billingPageSql): the same shape Prisma reads give. */
export function entryFromPageRow(ledger: Ledger, row: BillingPageRow): Entry {
  return {
    ledger,
    id: row.id,
    number: row.number,
    party: row.party,
    day: toDate(row.day),
    amountCents: Number(row.amountCents),
    status: row.status as BillingStatus,
    load:
      row.loadId && row.linkedLoadId
        ? {
            id: row.loadId,
            loadId: row.linkedLoadId,
            trackingLink: row.linkedTrackingLink,
            route: row.linkedRouteNumber === null ? null : { routeNumber: row.linkedRouteNumber },
          }
        : null,
    trackingLink: row.trackingLink,
    sourceKey: row.sourceKey,
    carrierId: row.carrierId,
    winnerUserId: row.winnerUserId,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    version: Number(row.version),
    podDocumentId: row.podDocumentId,
    quickPay:
      row.quickPayAt && row.quickPayFeeCents !== null
        ? {
            at: toDate(row.quickPayAt),
            feeCents: Number(row.quickPayFeeCents),
            feeBasisPoints: Number(row.quickPayFeeBasisPoints ?? 0),
          }
        : null,
    tonuProposedCents: row.tonuProposedCents === null ? null : Number(row.tonuProposedCents),
  };
}

/** Rows by id, in the order of `ids`. */
export async function entriesByIds(db: LedgerDb, ledger: Ledger, ids: string[]): Promise<Entry[]> {
  const rows =
    ledger === "receivable"
      ? (await db.invoice.findMany({ where: { id: { in: ids } }, include })).map(fromInvoice)
      : (await db.bill.findMany({ where: { id: { in: ids } }, include })).map(fromBill);
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/** The invoice numbers of these invoices (audit trail links). */
export function invoiceNumbersOf(db: Pick<Db, "invoice">, ids: string[]) {
  return db.invoice.findMany({ where: { id: { in: ids } }, select: { id: true, invoiceNumber: true } });
}

/** The bill numbers of these bills (audit trail links). */
export function billNumbersOf(db: Pick<Db, "bill">, ids: string[]) {
  return db.bill.findMany({ where: { id: { in: ids } }, select: { id: true, billNumber: true } });
}
