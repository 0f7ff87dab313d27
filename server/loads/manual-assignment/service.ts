import { LOAD_INPUT_LIMITS } from "../../../common/loads/fields.ts";
import { auditActor } from "../../audit/actor.ts";
import { recordAudit } from "../../audit/service.ts";
import { requireAdmin } from "../../auth/policy.ts";
import { announceCreated, type CreatedOnce, draftInvoiceForDelivery } from "../../billing/operations.ts";
import { carrierById, findCarrier } from "../../carriers/lookup.ts";
import type { Context } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Carrier, User } from "../../generated/sqlite/client.ts";
import { isUniqueViolation } from "../../lib/prisma-errors.ts";
import { parseInput } from "../../lib/validate.ts";
import { routeForNumber } from "../../routing/route-numbers.ts";
import { findUser } from "../../users/service.ts";
import { loadsChanged } from "../list-count.ts";
import { LOAD_JSON_INCLUDE, type LoadWithRelations } from "../service.ts";
import {
  MANUAL_ASSIGNMENT_MESSAGES,
  type ManualAssignmentInput,
  manualAssignmentInput,
} from "./validation.ts";

/**
 * Manual load assignment (ILA / Load / Load Manual Assignment): an operator creates a load already
 * assigned to one of a carrier's drivers.
 */
const M = MANUAL_ASSIGNMENT_MESSAGES;

export interface ManualAssignment {
  /** With what the REST answer (loads/json.ts) embeds. */
  load: LoadWithRelations;
  carrier: Carrier;
  driver: User;
  /** The invoice drafted because the load was created delivered with a customer rate. */
  invoice?: CreatedOnce | null;
}

/** The carrier named in the payload, or the driver's when the screen sent none; the driver must drive for it. */
async function carrierAndDriver(
  db: Db,
  data: ManualAssignmentInput,
): Promise<{ carrier: Carrier; driver: User }> {
  const carrier = data.carrierId ? await findCarrier(db, data.carrierId) : null;
  if (data.carrierId && !carrier) throw new NotFoundError(M.carrierNotFound);
  const driver = await findUser(db, data.assignedUserKey);
  if (!driver) throw new NotFoundError(`${M.driverNotFound}: ${data.assignedUserKey}`);
  const fieldError = (message: string) =>
    new ValidationError(message, [{ field: "assignedUserKey", message }]);
  if (carrier) {
    if (driver.carrierId !== carrier.id) throw fieldError(M.driverNotInCarrier);
    return { carrier, driver };
  }
  if (!driver.carrierId) throw fieldError(M.driverWithoutCarrier);
  return { carrier: await carrierById(db, driver.carrierId), driver };
}

const loadIdTaken = () => new ConflictError(M.loadIdTaken, "loadId");

async function insertAssignment(
  ctx: Context,
  data: ManualAssignmentInput,
  { carrier, driver }: { carrier: Carrier; driver: User },
): Promise<ManualAssignment> {
  const actor = auditActor(ctx);
  return ctx.db
    .$transaction(async (tx) => {
      if (await tx.load.findUnique({ where: { loadId: data.loadId }, select: { id: true } })) {
        throw loadIdTaken();
      }
      // A route number the operator typed that does not exist yet starts a route for this driver.
      const joined = data.routeNumber
        ? await routeForNumber(tx, data.routeNumber, { carrierId: carrier.id, assignedUserId: driver.id })
        : null;
      const route = joined?.route ?? null;
      if (joined?.created && route) {
        await recordAudit(tx, {
          actor,
          action: "route.create",
          entityType: "Route",
          entityId: route.id,
          details: { routeNumber: route.routeNumber, via: "manual-assignment" },
        });
      }
      const load = await tx.load.create({
        data: {
          loadId: data.loadId,
          bolNumber: data.bolNumber ?? null,
          customer: data.customer,
          status: data.status,
          mode: data.mode,
          assignedUserId: driver.id,
          carrierId: carrier.id,
          carrierName: carrier.carrierName,
          referenceNumber: data.referenceNumber ?? null,
          weight: data.weight ?? null,
          volume: data.volume ?? null,
          freightClass: data.freightClass ?? null,
          commodity: data.commodity ?? null,
          orderInfo: data.orderInfo ?? null,
          additionalData: data.additionalData ?? null,
          stopCount: data.stops,
          routeId: route?.id ?? null,
          routeNumber: route?.routeNumber ?? null,
          originAddress: data.origin?.address ?? null,
          destinationAddress: data.destination?.address ?? null,
          pickupDate: data.pickupDate ?? null,
          deliveryDate: data.deliveryDate ?? null,
          appointmentsRequired: data.appointmentsRequired,
          appointmentsConfirmed: data.appointmentsConfirmed,
          customerRateCents: data.customerRate ?? null,
        },
        include: LOAD_JSON_INCLUDE,
      });
      await recordAudit(tx, {
        actor,
        action: "load.manual-assignment",
        entityType: "Load",
        entityId: load.id,
        details: {
          loadId: load.loadId,
          carrierId: carrier.carrierId,
          driver: driver.userId,
          customerRateCents: load.customerRateCents,
        },
      });
      // Billing follows operations: a load created delivered drafts its invoice (once), as an edit would.
      const invoice = load.status === "delivered" ? await draftInvoiceForDelivery(load, tx, { actor }) : null;
      return { load, carrier, driver, invoice };
    })
    .finally(loadsChanged);
}

export async function createManualAssignment(ctx: Context, input: unknown): Promise<ManualAssignment> {
  requireAdmin(ctx);
  const data = parseInput(manualAssignmentInput, input, LOAD_INPUT_LIMITS);
  const parties = await carrierAndDriver(ctx.db, data);
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await insertAssignment(ctx, data, parties);
      announceCreated(ctx, created.invoice ?? null);
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await ctx.db.load.findUnique({ where: { loadId: data.loadId }, select: { id: true } })) {
        throw loadIdTaken();
      }
      // Another request created the same new route number first: the next attempt joins that route.
      if (attempt >= 3) throw error;
    }
  }
}
