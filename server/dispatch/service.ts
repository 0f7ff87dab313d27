import { createHash, randomBytes } from "node:crypto";
import { DISPATCH_MESSAGES, dispatchInput, TRIP_LINK_DAYS } from "../../common/dispatch.ts";
import { DRIVER_TEXTS } from "../../common/driver.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Context } from "../context.ts";
import { ConflictError } from "../errors.ts";
import { announceTripChange } from "../lib/trip-events.ts";
import { parseInput } from "../lib/validate.ts";
import { recordMilestones } from "../loads/milestones.ts";
import { loadPartiesById, partyLoadOrThrow } from "../loads/parties.ts";
import { LOAD_NOT_FOUND } from "../loads/validation.ts";
import { getConfirmDetails, writeDispatchDetails } from "../offers/confirm-details.ts";
import { assertTenderAccepted } from "../offers/tender.ts";
import { insertTripLink, revokeLiveTripLinks } from "./store.ts";

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
  const replaced = await ctx.db.$transaction(async (tx) => {
    await writeDispatchDetails(tx, current, input);
    const revoked = await revokeLiveTripLinks(tx, current.loadDbId);
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
    return revoked;
  });
  endTripSessions(ctx, replaced);
  announceTripChange(ctx, [current.loadDbId]);
  return {
    loadDbId: current.loadDbId,
    loadId: current.loadId,
    tripUrl: `${ctx.config.appUrl}/driver/trip/${token}`,
    expiresAt,
  };
}

/** The open trip sessions of revoked links end at once (their sockets close; requests re-check anyway). */
function endTripSessions(ctx: Pick<Context, "pubsub">, linkIds: readonly string[]): void {
  for (const linkId of linkIds) {
    ctx.pubsub.publish(`session:${linkId}`, {
      reason: "trip_link_revoked",
      message: DRIVER_TEXTS.tripLinkInvalid,
    });
  }
}

export interface TripLinkRevoked {
  loadDbId: string;
  loadId: string;
  /** How many live links it ended (0: there was none; revoking is idempotent). */
  revoked: number;
}

/**
 * Ends the load's trip link (POST /loads/{loadId}/trip-link/revoke, revokeTripLink): the driver's
 * app is signed out at its next request and its live updates stop. The load's carrier side or an
 * operator; anyone else is told the load does not exist.
 */
export async function revokeTripLink(ctx: Context, loadReference: string): Promise<TripLinkRevoked> {
  const load = await partyLoadOrThrow(ctx, loadReference, LOAD_NOT_FOUND);
  const revoked = await ctx.db.$transaction(async (tx) => {
    const ids = await revokeLiveTripLinks(tx, load.id);
    if (ids.length > 0) {
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "load.tripLinkRevoke",
        entityType: "Load",
        entityId: load.id,
        details: { loadId: load.loadId, links: ids.length },
      });
    }
    return ids;
  });
  endTripSessions(ctx, revoked);
  if (revoked.length > 0) announceTripChange(ctx, [load.id]);
  return { loadDbId: load.id, loadId: load.loadId, revoked: revoked.length };
}
