import { BILLING_TEXTS, moneyMessage } from "../../common/billing.ts";
import { parseMoneyCents } from "../../common/money.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireAdmin, requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";
import { announceLedgerChange } from "./events.ts";
import { LEDGER_TABLES } from "./ledgers.ts";
import { normalizeBillingNumber } from "./numbers.ts";
import { quickPayFee } from "./service.ts";
import {
  type Entry,
  entryById,
  entryByNumber,
  replaceLines,
  writeQuickPay,
  writeTonuDecision,
} from "./store.ts";

const DAY_MS = 86_400_000;
/** A carrier's own bills, newest first, at most this many (the carrier's bills card). */
export const MAX_CARRIER_BILLS = 100;

/** Whether the viewer is the bill's carrier: the winning user, or a user of the carrier company billed. */
export async function isBillCarrier(ctx: Context, bill: Pick<Entry, "winnerUserId" | "carrierId">) {
  const viewer = ctx.viewer;
  if (!viewer) return false;
  if (bill.winnerUserId !== null && bill.winnerUserId === viewer.id) return true;
  return bill.carrierId !== null && bill.carrierId === (await carrierIdOfUser(ctx.db, viewer.id));
}

/** A bill operators or its carrier may read; "Bill not found" for anyone else. */
export async function readableBill(ctx: Context, reference: string): Promise<Entry> {
  requireViewer(ctx);
  const bill = await entryByNumber(ctx.db, "payable", normalizeBillingNumber("bill", reference));
  if (!bill || !(policy.isAdmin(ctx.viewer) || (await isBillCarrier(ctx, bill)))) {
    throw new NotFoundError(LEDGER_TABLES.payable.notFound);
  }
  return bill;
}

/** The row rule of the Bill type: operators, and the bill's own carrier. */
export async function mayReadBill(ctx: Context, bill: Entry): Promise<boolean> {
  if (!ctx.viewer) return false;
  return policy.isAdmin(ctx.viewer) || isBillCarrier(ctx, bill);
}

/** The signed-in carrier's bills (as winner or as its company), newest first, bounded. */
export async function carrierBills(ctx: Context, limit = 50): Promise<Entry[]> {
  const viewer = requireViewer(ctx);
  const carrierId = await carrierIdOfUser(ctx.db, viewer.id);
  const take = Math.min(Math.max(1, limit), MAX_CARRIER_BILLS);
  const rows = await ctx.db.bill.findMany({
    where: { OR: [{ winnerUserId: viewer.id }, ...(carrierId ? [{ carrierId }] : [])] },
    select: { id: true },
    orderBy: [{ createdAt: "desc" }, { billNumber: "desc" }],
    take,
  });
  return Promise.all(rows.map((row) => entryById(ctx.db, "payable", row.id)));
}

function quickPayDay(now: Date, days: number): Date {
  const day = new Date(now.getTime() + days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

/**
 * The carrier asks for quick pay on their bill: paid QUICK_PAY_DAYS after the ask (or sooner when
 * already due sooner), less the fee (QUICK_PAY_FEE_PERCENT of the amount, kept in quickPayFeeCents;
 * the lines and the amount stay what the load earned). Once per bill, open bills only.
 */
export async function requestQuickPay(ctx: Context, reference: string, now = new Date()): Promise<Entry> {
  const bill = await readableBill(ctx, reference);
  if (bill.quickPay) throw new ConflictError(BILLING_TEXTS.quickPayTwice);
  if (bill.status !== "pending" && bill.status !== "overdue")
    throw new ConflictError(BILLING_TEXTS.quickPayNotOpen);
  const basisPoints = ctx.config.quickPayFeeBasisPoints;
  const soon = quickPayDay(now, ctx.config.quickPayDays);
  const paymentDate = bill.day.getTime() < soon.getTime() ? bill.day : soon;
  const feeCents = quickPayFee(bill.amountCents, basisPoints);
  const updated = await ctx.db.$transaction(async (tx) => {
    const { count } = await writeQuickPay(tx, bill.id, {
      at: now,
      paymentDate,
      feeCents,
      feeBasisPoints: basisPoints,
    });
    if (count === 0) throw new ConflictError(BILLING_TEXTS.quickPayTwice);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "bill.quick_pay",
      entityType: "Bill",
      entityId: bill.id,
      details: {
        number: bill.number,
        feeCents,
        feeBasisPoints: basisPoints,
        paymentDate: paymentDate.toISOString().slice(0, 10),
        previousPaymentDate: bill.day.toISOString().slice(0, 10),
      },
    });
    return entryById(tx, "payable", bill.id);
  });
  announceLedgerChange(ctx, "payable", updated.id);
  return updated;
}

export interface TonuDecision {
  confirm: boolean;
  /** Dollars; the proposal's amount when left out. */
  amount?: unknown;
}

/**
 * An operator decides a cancelled load's TONU proposal: confirmed, the bill's lines become one
 * tonu line (the load was not hauled) and its amount that charge; dismissed, the bill stays as it
 * is. Either way the proposal is gone.
 */
export async function decideTonu(ctx: Context, reference: string, decision: TonuDecision): Promise<Entry> {
  requireAdmin(ctx);
  const bill = await readableBill(ctx, reference);
  if (bill.tonuProposedCents === null) throw new ConflictError(BILLING_TEXTS.tonuNoProposal);
  let cents = bill.tonuProposedCents;
  if (
    decision.confirm &&
    decision.amount !== undefined &&
    decision.amount !== null &&
    decision.amount !== ""
  ) {
    const parsed = parseMoneyCents(decision.amount);
    if (!("cents" in parsed)) {
      const message = moneyMessage(parsed.problem, "create");
      throw new ValidationError(message, [{ field: "amount", message }]);
    }
    cents = parsed.cents;
  }
  const updated = await ctx.db.$transaction(async (tx) => {
    const { count } = await writeTonuDecision(tx, bill.id, decision.confirm ? { amountCents: cents } : {});
    if (count === 0) throw new ConflictError(BILLING_TEXTS.tonuNoProposal);
    if (decision.confirm) {
      const loadText = bill.load ? `load ${bill.load.loadId} cancelled` : "load cancelled";
      await replaceLines(tx, "payable", bill.id, [
        { kind: "tonu", description: `Truck ordered, not used (${loadText})`, amountCents: cents },
      ]);
    }
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: decision.confirm ? "bill.tonu_confirmed" : "bill.tonu_dismissed",
      entityType: "Bill",
      entityId: bill.id,
      details: {
        number: bill.number,
        amountCents: decision.confirm ? cents : null,
        previousAmountCents: bill.amountCents,
      },
    });
    return entryById(tx, "payable", bill.id);
  });
  announceLedgerChange(ctx, "payable", updated.id);
  return updated;
}
