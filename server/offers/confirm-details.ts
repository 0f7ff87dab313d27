import { CONFIRM_LOCK_HOURS, OFFER_MESSAGES } from "../../common/offers.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireViewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { LoadConfirmation } from "../generated/sqlite/client.ts";
import { parseInput } from "../lib/validate.ts";
import { CONFIRM_FIELDS, confirmDetailsInput } from "./confirm-details.validation.ts";

export interface ConfirmDetails {
  offerId: string;
  loadDbId: string;
  loadId: string;
  startDateTime: Date;
  winnerUserId: string;
  confirmation: LoadConfirmation | null;
  /** Saving is allowed only while the load starts more than 12 hours from now. */
  editable: boolean;
}

export function confirmEditable(startDateTime: Date, now = Date.now()): boolean {
  return startDateTime.getTime() - now > CONFIRM_LOCK_HOURS * 3_600_000;
}

/** A won load's confirmation: for its winning carrier, or an admin; anyone else: not found. */
export async function getConfirmDetails(ctx: Context, loadId: string): Promise<ConfirmDetails> {
  const viewer = requireViewer(ctx);
  const offer = await ctx.db.offer.findFirst({
    where: { load: { loadId }, status: "finished", winnerBidId: { not: null } },
    orderBy: { finishedAt: "desc" },
    include: {
      winnerBid: { select: { userId: true } },
      load: { select: { id: true, loadId: true, pickupDate: true, confirmation: true } },
    },
  });
  if (!offer?.winnerBid || (viewer.role !== "ADMIN" && offer.winnerBid.userId !== viewer.id)) {
    throw new NotFoundError(OFFER_MESSAGES.noWinner);
  }
  const startDateTime = offer.load.pickupDate ?? offer.startDateTime;
  return {
    offerId: offer.id,
    loadDbId: offer.load.id,
    loadId: offer.load.loadId,
    startDateTime,
    winnerUserId: offer.winnerBid.userId,
    confirmation: offer.load.confirmation,
    editable: confirmEditable(startDateTime),
  };
}

/** Saves the confirmation; the server refuses within 12 hours of the start, whatever the client shows. */
export async function saveConfirmDetails(
  ctx: Context,
  loadId: string,
  rawInput: unknown,
): Promise<ConfirmDetails> {
  requireViewer(ctx);
  const current = await getConfirmDetails(ctx, loadId);
  const input = parseInput(confirmDetailsInput, rawInput);
  if (!current.editable) throw new ConflictError(OFFER_MESSAGES.confirmLocked);
  const data = Object.fromEntries(
    CONFIRM_FIELDS.filter((field) => field in input).map((field) => [field, input[field]]),
  );
  await ctx.db.$transaction(async (tx) => {
    await tx.loadConfirmation.upsert({
      where: { loadId: current.loadDbId },
      create: { loadId: current.loadDbId, userId: current.winnerUserId, ...data },
      update: data,
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "load.confirmDetails",
      entityType: "Load",
      entityId: current.loadDbId,
      details: { loadId, fields: Object.keys(data) },
    });
  });
  return getConfirmDetails(ctx, loadId);
}

/** The dispatch's driver and equipment on the winner's confirmation, in the caller's transaction. */
export async function writeDispatchDetails(
  tx: Pick<Db, "loadConfirmation">,
  current: ConfirmDetails,
  fields: {
    driverName: string;
    driverPhone: string;
    truckNumber: string | null;
    trailerNumber: string | null;
  },
): Promise<void> {
  const data = {
    firstDriverName: fields.driverName,
    firstDriverPhone: fields.driverPhone,
    ...(fields.truckNumber ? { truckNumber: fields.truckNumber } : {}),
    ...(fields.trailerNumber ? { trailerNumber: fields.trailerNumber } : {}),
  };
  await tx.loadConfirmation.upsert({
    where: { loadId: current.loadDbId },
    create: { loadId: current.loadDbId, userId: current.winnerUserId, ...data },
    update: data,
  });
}
