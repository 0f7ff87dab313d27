import type { BillingStatus, Ledger } from "../../common/billing.ts";
import type { Db } from "../db/client.ts";
import { toDate } from "../db/reader.ts";
import type { Bill, Invoice } from "../generated/sqlite/client.ts";
import { NEXT_VERSION } from "../lib/row-version.ts";
import type { BillingPageRow } from "./list.ts";

type LedgerDb = Pick<Db, "invoice" | "bill">;

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
}

type InvoiceRow = Invoice & { load: LinkedLoad | null };
type BillRow = Bill & { load: LinkedLoad | null };

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
  };
}

const include = { load: LINKED_LOAD } as const;

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
      },
      include,
    }),
  );
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
