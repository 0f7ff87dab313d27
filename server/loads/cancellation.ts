import { formatCents } from "../../common/money.ts";
import { auditActor } from "../audit/actor.ts";
import { announceLedgerChange } from "../billing/events.ts";
import { proposeTonu } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { announceNotifications, insertNotifications } from "../notifications/service.ts";

export const LOAD_CANCELLED_TITLE = "Load cancelled";

/** The carrier's notice of a covered load's cancellation, with the TONU proposal when there is one. */
export function loadCancelledMessage(loadId: string, tonu: { cents: number; billNumber: string } | null) {
  const proposal = tonu
    ? ` A TONU (truck ordered, not used) charge of ${formatCents(tonu.cents)} is proposed on ${tonu.billNumber}; an operator will confirm it.`
    : "";
  return `Load ${loadId} was cancelled.${proposal}`;
}

interface CancelledLoadRow {
  id: string;
  loadId: string;
  status: string;
  assignedUserId: string | null;
  carrierId: string | null;
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * A covered load (a carrier assigned) became cancelled: billing proposes a TONU charge on the
 * carrier's bill (TONU_DEFAULT_CENTS, for an operator to confirm) and the carrier is notified.
 * Inside the cancellation's transaction; answers what to announce once it committed.
 */
export async function followCancellation(
  ctx: Context,
  tx: Tx,
  before: Pick<CancelledLoadRow, "status">,
  after: CancelledLoadRow,
): Promise<() => void> {
  if (after.status !== "cancelled" || before.status === "cancelled") return () => {};
  if (after.assignedUserId === null && after.carrierId === null) return () => {};
  const proposal = await proposeTonu(after, ctx.config.tonuDefaultCents, tx, { actor: auditActor(ctx) });
  const receivers = new Set(
    [after.assignedUserId, proposal?.bill.winnerUserId ?? null].filter((id): id is string => id !== null),
  );
  const message = loadCancelledMessage(
    after.loadId,
    proposal ? { cents: proposal.cents, billNumber: proposal.bill.number } : null,
  );
  const stored = await insertNotifications(
    tx,
    ctx.writer.provider,
    [...receivers].map((userId) => ({
      userId,
      title: LOAD_CANCELLED_TITLE,
      message,
      details: { loadId: after.loadId, tonuBillNumber: proposal?.bill.number ?? null },
    })),
  );
  return () => {
    announceNotifications(ctx, stored);
    if (proposal) announceLedgerChange(ctx, "payable", proposal.bill.id);
  };
}
