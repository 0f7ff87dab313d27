import { auditActor } from "../audit/actor.ts";
import { announceCreated, type CreatedOnce, draftInvoiceForDelivery } from "../billing/operations.ts";
import type { Context } from "../context.ts";

/** Loads drafted per transaction: each draft takes the invoice series lock, so keep them short. */
const DRAFTS_PER_TRANSACTION = 200;

/**
 * Bulk paths (the upload) write loads in raw SQL in a worker: once that committed, the loads it
 * made delivered get their invoices drafted here (once per load, the same rule as an edit:
 * billing/operations.ts). Loads delivered since and changed again are read as they are now.
 */
export async function draftInvoicesForDeliveredLoads(
  ctx: Context,
  loadDbIds: readonly string[],
): Promise<number> {
  const actor = auditActor(ctx);
  let drafted = 0;
  for (let start = 0; start < loadDbIds.length; start += DRAFTS_PER_TRANSACTION) {
    const ids = loadDbIds.slice(start, start + DRAFTS_PER_TRANSACTION);
    const results = await ctx.db.$transaction(async (tx) => {
      const loads = await tx.load.findMany({
        where: { id: { in: ids }, status: "delivered" },
        select: { id: true, loadId: true, customer: true, customerRateCents: true },
        orderBy: { loadId: "asc" },
      });
      const created: (CreatedOnce | null)[] = [];
      for (const load of loads) created.push(await draftInvoiceForDelivery(load, tx, { actor }));
      return created;
    });
    for (const result of results) {
      announceCreated(ctx, result);
      if (result?.created) drafted++;
    }
  }
  return drafted;
}
