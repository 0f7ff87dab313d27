import { MAX_MONEY_CENTS } from "../../common/money.ts";
import type { AuditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { ValidationError } from "../errors.ts";
import { NEXT_VERSION } from "../lib/row-version.ts";
import { announceLedgerChange } from "./events.ts";
import { invoicedMilestone, loadMilestones } from "./load-milestones.ts";
import { lockSeries, nextBillingNumber } from "./numbers.ts";
import {
  billsOfLoad,
  type Entry,
  entryById,
  entryBySourceKey,
  insertEntry,
  invoiceOfLoad,
  type SequenceRunner,
  writeInvoicePod,
  writeTonuProposal,
} from "./store.ts";

/** The transaction (or client) of the caller: billing writes inside the operation that causes it. */
export type BillingTx = Pick<Db, "invoice" | "bill" | "billingLine" | "auditLog" | "loadMilestone" | "load"> &
  SequenceRunner;

const DAY_MS = 86_400_000;
/** Net 30 both ways: the shipper pays 30 days after delivery, the carrier is paid 30 days after award. */
export const PAYMENT_TERMS_DAYS = 30;

function netTerms(from: Date): Date {
  const day = new Date(from.getTime() + PAYMENT_TERMS_DAYS * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > MAX_MONEY_CENTS) {
    throw new ValidationError("Amount must be whole cents between 0 and 1000000000", [
      { field: "amountCents", message: "Amount must be whole cents between 0 and 1000000000" },
    ]);
  }
}

export interface CreatedOnce {
  entry: Entry;
  /** false when an earlier call had already created it (nothing was written). */
  created: boolean;
  /** An existing entry that this call changed (e.g. the POD linked to an invoice drafted before). */
  changed?: boolean;
}

export interface WinnerBill {
  /** The Load row id (Offer.loadId). */
  loadId: string;
  /** The Carrier row id, when the winner belongs to a carrier company. */
  carrierId?: string | null;
  carrierName: string;
  amountCents: number;
  /** The winning carrier user: may download the rate confirmation. */
  winnerUserId?: string | null;
  actor: AuditActor;
  now?: Date;
}

/**
 * The marketplace's winner confirmation: a pending bill for the winning carrier and amount, linked
 * to the load. Call it inside the confirmation's transaction. Once per load: the series lock makes
 * concurrent confirmations wait, the check finds the first one's bill, and the unique sourceKey
 * refuses a duplicate whatever happens.
 */
export async function createBillForWinner(input: WinnerBill, tx: BillingTx): Promise<CreatedOnce> {
  assertCents(input.amountCents);
  const sourceKey = `winner:${input.loadId}`;
  await lockSeries(tx, "bill");
  const existing = await entryBySourceKey(tx, "payable", sourceKey);
  if (existing) return { entry: existing, created: false };
  const entry = await insertEntry(tx, "payable", {
    number: await nextBillingNumber(tx, "bill"),
    party: input.carrierName.trim().slice(0, 200) || "Carrier",
    day: netTerms(input.now ?? new Date()),
    amountCents: input.amountCents,
    status: "pending",
    loadId: input.loadId,
    sourceKey,
    carrierId: input.carrierId ?? null,
    winnerUserId: input.winnerUserId ?? null,
    lines: [{ kind: "linehaul", description: "Winning bid", amountCents: input.amountCents }],
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: "bill.create_for_winner",
    entityType: "Bill",
    entityId: entry.id,
    details: {
      number: entry.number,
      loadId: input.loadId,
      amountCents: input.amountCents,
      carrier: entry.party,
    },
  });
  return { entry, created: true };
}

export interface DeliveredLoad {
  id: string;
  loadId: string;
  customer: string | null;
  customerRateCents: number | null;
}

/**
 * A load became delivered (or got its customer rate once delivered): draft a pending invoice for
 * its customer and rate, due net 30. Once per load; nothing without a customer and a rate.
 */
export async function draftInvoiceForDelivery(
  load: DeliveredLoad,
  tx: BillingTx,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<CreatedOnce | null> {
  if (!load.customer?.trim() || load.customerRateCents === null) return null;
  assertCents(load.customerRateCents);
  const sourceKey = `delivery:${load.id}`;
  await lockSeries(tx, "invoice");
  const existing = await entryBySourceKey(tx, "receivable", sourceKey);
  if (existing) return { entry: existing, created: false };
  const entry = await insertEntry(tx, "receivable", {
    number: await nextBillingNumber(tx, "invoice"),
    party: load.customer.trim().slice(0, 200),
    day: netTerms(now),
    amountCents: load.customerRateCents,
    status: "pending",
    loadId: load.id,
    sourceKey,
    lines: [{ kind: "linehaul", description: "Customer rate", amountCents: load.customerRateCents }],
  });
  await loadMilestones.use(tx, invoicedMilestone(entry, null));
  await recordAudit(tx, {
    actor,
    action: "invoice.draft_on_delivery",
    entityType: "Invoice",
    entityId: entry.id,
    details: { number: entry.number, loadId: load.loadId, amountCents: load.customerRateCents },
  });
  return { entry, created: true };
}

/**
 * A POD was attached to the load (delivered or not): the customer's draft invoice, a linehaul line
 * at the customer rate, with the POD linked. Only when the load has a customer, a rate and no
 * invoice yet; an invoice the delivery drafted without a POD gets this one linked. Once per load
 * whatever the order or concurrency of POD uploads and deliveries: the same series lock and the
 * same unique sourceKey as the delivery's draft (`delivery:<load id>`).
 */
export async function draftInvoiceForPod(
  load: DeliveredLoad,
  documentId: string,
  tx: BillingTx,
  { actor, now = new Date() }: { actor: AuditActor; now?: Date },
): Promise<CreatedOnce | null> {
  if (!load.customer?.trim() || load.customerRateCents === null) return null;
  assertCents(load.customerRateCents);
  const sourceKey = `delivery:${load.id}`;
  await lockSeries(tx, "invoice");
  const drafted = await entryBySourceKey(tx, "receivable", sourceKey);
  const existing = drafted ?? (await invoiceOfLoad(tx, load.id));
  if (existing) {
    if (existing.sourceKey !== sourceKey || existing.podDocumentId !== null) {
      return { entry: existing, created: false };
    }
    await writeInvoicePod(tx, existing.id, documentId);
    await recordAudit(tx, {
      actor,
      action: "invoice.pod_linked",
      entityType: "Invoice",
      entityId: existing.id,
      details: { number: existing.number, loadId: load.loadId, documentId },
    });
    return { entry: await entryById(tx, "receivable", existing.id), created: false, changed: true };
  }
  const entry = await insertEntry(tx, "receivable", {
    number: await nextBillingNumber(tx, "invoice"),
    party: load.customer.trim().slice(0, 200),
    day: netTerms(now),
    amountCents: load.customerRateCents,
    status: "pending",
    loadId: load.id,
    sourceKey,
    podDocumentId: documentId,
    lines: [{ kind: "linehaul", description: "Customer rate", amountCents: load.customerRateCents }],
  });
  await loadMilestones.use(tx, invoicedMilestone(entry, null));
  await recordAudit(tx, {
    actor,
    action: "invoice.draft_on_pod",
    entityType: "Invoice",
    entityId: entry.id,
    details: { number: entry.number, loadId: load.loadId, amountCents: load.customerRateCents, documentId },
  });
  return { entry, created: true };
}

export interface CancelledLoad {
  id: string;
  loadId: string;
}

export interface TonuProposal {
  bill: Entry;
  cents: number;
}

/**
 * A covered load was cancelled: propose a TONU charge on its carrier's bill (the winner's, else
 * the load's first open bill), for an operator to confirm or dismiss. Nothing when the load has no
 * open bill or already has a proposal. Inside the cancellation's transaction.
 */
export async function proposeTonu(
  load: CancelledLoad,
  cents: number,
  tx: BillingTx,
  { actor }: { actor: AuditActor },
): Promise<TonuProposal | null> {
  assertCents(cents);
  const bills = (await billsOfLoad(tx, load.id)).filter(
    (bill) => bill.status === "pending" || bill.status === "overdue",
  );
  const bill = bills.find((entry) => entry.sourceKey === `winner:${load.id}`) ?? bills[0];
  if (!bill || bill.tonuProposedCents !== null) return null;
  await writeTonuProposal(tx, bill.id, cents);
  await recordAudit(tx, {
    actor,
    action: "bill.tonu_proposed",
    entityType: "Bill",
    entityId: bill.id,
    details: { number: bill.number, loadId: load.loadId, amountCents: cents },
  });
  return { bill: await entryById(tx, "payable", bill.id), cents };
}

/** After the caller's transaction committed: tell the billing screens. */
export function announceCreated(deps: Pick<Deps, "pubsub">, result: CreatedOnce | null): void {
  if (result?.created || result?.changed) announceLedgerChange(deps, result.entry.ledger, result.entry.id);
}

export interface MovedWinnerBill {
  /** The Load row id. */
  loadId: string;
  carrierId: string | null;
  carrierName: string;
  amountCents: number;
  winnerUserId: string;
  actor: AuditActor;
}

/**
 * The award passed to the next bidder (the winner declined or let the tender expire): the load's
 * winner bill, still pending, now names the new carrier, its user and amount (one bill per award,
 * its number kept). Created when there is none. Inside the caller's transaction.
 */
export async function moveWinnerBill(input: MovedWinnerBill, tx: BillingTx): Promise<CreatedOnce> {
  assertCents(input.amountCents);
  const existing = await entryBySourceKey(tx, "payable", `winner:${input.loadId}`);
  if (existing?.status !== "pending") {
    if (existing) await voidWinnerBill(input.loadId, input.actor, tx);
    return createBillForWinner(input, tx);
  }
  const party = input.carrierName.trim().slice(0, 200) || "Carrier";
  await tx.bill.update({
    where: { id: existing.id },
    data: {
      carrier: party,
      carrierId: input.carrierId,
      winnerUserId: input.winnerUserId,
      amountCents: input.amountCents,
      ...NEXT_VERSION,
    },
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: "bill.move_to_next_winner",
    entityType: "Bill",
    entityId: existing.id,
    details: {
      number: existing.number,
      from: { carrier: existing.party, amountCents: existing.amountCents },
      to: { carrier: party, amountCents: input.amountCents },
    },
  });
  return { entry: { ...existing, party, amountCents: input.amountCents }, created: true };
}

/**
 * The award fell through with nobody to pass it to (the offer reopens): the load's pending winner
 * bill is canceled and loses its winner key, so the next award drafts a fresh bill. Answers the
 * canceled bill's id, or null when there was none to cancel.
 */
export async function voidWinnerBill(
  loadId: string,
  actor: AuditActor,
  tx: BillingTx,
): Promise<string | null> {
  const existing = await entryBySourceKey(tx, "payable", `winner:${loadId}`);
  if (!existing) return null;
  await tx.bill.update({
    where: { id: existing.id },
    data: {
      status: existing.status === "pending" ? "canceled" : existing.status,
      sourceKey: `void-winner:${loadId}:${existing.id}`,
      ...NEXT_VERSION,
    },
  });
  await recordAudit(tx, {
    actor,
    action: "bill.void_for_tender",
    entityType: "Bill",
    entityId: existing.id,
    details: { number: existing.number, loadId, status: existing.status },
  });
  return existing.id;
}

/** After the caller's transaction committed: tell the billing screens about a changed bill. */
export function announceBillChanged(deps: Pick<Deps, "pubsub">, billId: string | null): void {
  if (billId) announceLedgerChange(deps, "payable", billId);
}
