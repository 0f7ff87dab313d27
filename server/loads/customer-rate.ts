import { moneyMessage } from "../../common/billing.ts";
import { parseMoneyCents } from "../../common/money.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { announceCreated, draftInvoiceForDelivery } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { Load } from "../generated/sqlite/client.ts";
import { NEXT_VERSION } from "../lib/row-version.ts";
import { findLoad } from "./service.ts";
import { LOAD_NOT_FOUND } from "./validation.ts";

/**
 * What the shipper pays for a load (the revenue side of its margin). null or blank clears it. A
 * load already delivered gets its invoice drafted now that the rate is known (once per load).
 */
export async function setLoadCustomerRate(ctx: Context, reference: string, amount: unknown): Promise<Load> {
  requireAdmin(ctx);
  const load = await findLoad(ctx, reference);
  if (!load) throw new NotFoundError(LOAD_NOT_FOUND);
  let cents: number | null = null;
  if (amount !== null && amount !== undefined && String(amount).trim() !== "") {
    const parsed = parseMoneyCents(amount);
    if ("problem" in parsed) {
      const message = moneyMessage(parsed.problem, "create");
      throw new ValidationError(message, [{ field: "customerRate", message }]);
    }
    cents = parsed.cents;
  }
  let drafted = null;
  const updated = await ctx.db.$transaction(async (tx) => {
    const saved = await tx.load.update({
      where: { id: load.id },
      data: { customerRateCents: cents, ...NEXT_VERSION },
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "load.setCustomerRate",
      entityType: "Load",
      entityId: load.id,
      details: { loadId: load.loadId, customerRateCents: cents, previous: load.customerRateCents },
    });
    if (saved.status === "delivered")
      drafted = await draftInvoiceForDelivery(saved, tx, { actor: auditActor(ctx) });
    return saved;
  });
  announceCreated(ctx, drafted);
  return updated;
}

/** What billing drafts a customer's invoice from: the load's customer and rate (by database id). */
export function billableLoadOf(db: Pick<Db, "load">, id: string) {
  return db.load.findUniqueOrThrow({
    where: { id },
    select: { id: true, loadId: true, customer: true, customerRateCents: true },
  });
}
