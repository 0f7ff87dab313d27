import { createHash, randomBytes } from "node:crypto";
import { DISPATCH_MESSAGES, dispatchInput, TRIP_LINK_DAYS } from "../../common/dispatch.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Context } from "../context.ts";
import { ConflictError } from "../errors.ts";
import { parseInput } from "../lib/validate.ts";
import { recordMilestones } from "../loads/milestones.ts";
import { loadPartiesById } from "../loads/parties.ts";
import { getConfirmDetails, writeDispatchDetails } from "../offers/confirm-details.ts";
import { assertTenderAccepted } from "../offers/tender.ts";
import { insertTripLink, revokeTripLinks } from "./store.ts";

export const hashTripToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface Dispatched {
  loadDbId: string;
  loadId: string;
  tripUrl: string;
  expiresAt: Date;
}

/**
 * Dispatches a covered load: the driver and equipment go on the winner's confirmation, the load's
 * timeline says "dispatched", and the driver gets a fresh trip link (the previous one stops
 * working). The winning carrier user or an operator; a load that is not covered is "not found"
 * as on its confirm-details page, a delivered or cancelled one is refused, and so is one whose
 * tender the carrier has not accepted.
 */
export async function dispatchLoad(ctx: Context, loadId: string, rawInput: unknown): Promise<Dispatched> {
  const current = await getConfirmDetails(ctx, loadId);
  const input = parseInput(dispatchInput, rawInput);
  const load = await loadPartiesById(ctx.db, current.loadDbId);
  if (!load || load.status === "delivered" || load.status === "cancelled") {
    throw new ConflictError(DISPATCH_MESSAGES.notDispatchable);
  }
  // A marketplace award goes out once its carrier accepted the tender (409 until then).
  await assertTenderAccepted(ctx.db, current.offerId);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + TRIP_LINK_DAYS * 24 * 3600_000);
  await ctx.db.$transaction(async (tx) => {
    await writeDispatchDetails(tx, current, input);
    await revokeTripLinks(tx, current.loadDbId);
    await insertTripLink(tx, {
      loadId: current.loadDbId,
      tokenHash: hashTripToken(token),
      driverName: input.driverName,
      driverPhone: input.driverPhone,
      createdById: ctx.viewer?.id ?? null,
      expiresAt,
    });
    await recordMilestones(tx, [
      {
        loadDbId: current.loadDbId,
        milestone: "dispatched",
        source: "user",
        byUserId: ctx.viewer?.id ?? null,
        detail: input.driverName,
      },
    ]);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "load.dispatch",
      entityType: "Load",
      entityId: current.loadDbId,
      details: { loadId: current.loadId, driverName: input.driverName, truckNumber: input.truckNumber },
    });
  });
  return {
    loadDbId: current.loadDbId,
    loadId: current.loadId,
    tripUrl: `${ctx.config.appUrl}/driver/trip/${token}`,
    expiresAt,
  };
}
