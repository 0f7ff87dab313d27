import { z } from "zod";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import { findCarrier } from "../carriers/lookup.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Carrier, Load, Route, User } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { findUser, publicUser } from "../users/service.ts";
import { loadsChanged } from "./list-count.ts";
import { LOAD_MODES, LOAD_STATUSES } from "./values.ts";

/**
 * Manual load assignment (ILA / Load / Load Manual Assignment): an operator creates a load already
 * assigned to one of a carrier's drivers.
 */
export const MANUAL_ASSIGNMENT_MESSAGES = {
  loadIdRequired: "Load ID es requerido",
  customerRequired: "Customer es requerido",
  driverRequired: "Driver requerido",
  stopsInvalid: "Stops debe ser un número válido mayor o igual a 0",
  statusInvalid: "Status inválido: usa pending, in_transit, delivered o cancelled",
  modeInvalid: "Mode inválido: usa TRUCK, RAIL, SHIP o AIR",
  pickupDateInvalid: "Pickup Date no es una fecha válida",
  deliveryDateInvalid: "Delivery Date no es una fecha válida",
  weightInvalid: "Weight debe ser un número válido mayor o igual a 0",
  volumeInvalid: "Volume debe ser un número válido mayor o igual a 0",
  carrierNotFound: "Carrier no encontrado",
  driverNotFound: "Driver no encontrado",
  driverNotInCarrier: "El driver no pertenece a este carrier",
  driverWithoutCarrier: "El driver no pertenece a ningún carrier",
  loadIdTaken: "Ya existe un load con este Load ID",
} as const;

const M = MANUAL_ASSIGNMENT_MESSAGES;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`),
  );

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : blankToUndefined(value)),
    z.string().trim().max(max, `Máximo ${max} caracteres`).optional(),
  );

/** Numbers arrive as numbers or as the form's strings. */
const optionalNumber = (message: string, { integer = false } = {}) =>
  z.preprocess(
    (value) => {
      const present = blankToUndefined(value);
      return typeof present === "string" ? Number(present.trim()) : present;
    },
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= 0 && (!integer || Number.isInteger(n)), message)
      .optional(),
  );

const optionalDate = (message: string) =>
  z.preprocess(
    (value) => {
      const present = blankToUndefined(value);
      if (typeof present === "string" || typeof present === "number") return new Date(present);
      return present;
    },
    z
      .date({ error: message })
      .refine((date) => !Number.isNaN(date.getTime()), message)
      .optional(),
  );

const optionalBoolean = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : blankToUndefined(value)),
  z.boolean({ error: "Debe ser true o false" }).optional(),
);

/** origin/destination come as {address}; a bare string is read as the address. */
const place = z.preprocess(
  (value) => (typeof value === "string" ? { address: value } : (blankToUndefined(value) ?? undefined)),
  z.object({ address: optionalText(300) }, { error: "Debe ser {address}" }).optional(),
);

const oneOf = <Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
  message: string,
) =>
  z
    .preprocess((value) => {
      const present = blankToUndefined(value);
      if (typeof present !== "string") return present;
      return values.find((allowed) => allowed.toLowerCase() === present.trim().toLowerCase()) ?? present;
    }, z.enum(values, { error: message }).optional())
    .transform((value) => value ?? fallback);

/** additionalData is stored as JSON text: an object as itself, anything else as a JSON string. */
const additionalData = z.preprocess(blankToUndefined, z.unknown()).transform((value) => {
  if (value === undefined) return undefined;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === "object" && parsed !== null) return JSON.stringify(parsed);
    } catch {
      // plain text
    }
  }
  return JSON.stringify(value);
});

export const manualAssignmentInput = z.object({
  carrierId: optionalText(100),
  loadId: requiredText(M.loadIdRequired, 60),
  customer: requiredText(M.customerRequired, 200),
  assignedUserKey: requiredText(M.driverRequired, 100),
  bolNumber: optionalText(100),
  status: oneOf(LOAD_STATUSES, "pending", M.statusInvalid),
  mode: oneOf(LOAD_MODES, "TRUCK", M.modeInvalid),
  referenceNumber: optionalText(100),
  weight: optionalNumber(M.weightInvalid),
  volume: optionalNumber(M.volumeInvalid),
  freightClass: optionalText(40),
  commodity: optionalText(200),
  orderInfo: optionalText(2000),
  additionalData,
  stops: optionalNumber(M.stopsInvalid, { integer: true }).transform((value) => value ?? 0),
  routeNumber: optionalText(40),
  origin: place,
  destination: place,
  pickupDate: optionalDate(M.pickupDateInvalid),
  deliveryDate: optionalDate(M.deliveryDateInvalid),
  appointmentsRequired: optionalBoolean.transform((value) => value ?? false),
  appointmentsConfirmed: optionalBoolean.transform((value) => value ?? false),
});

export type ManualAssignmentInput = z.output<typeof manualAssignmentInput>;

export interface ManualAssignment {
  load: Load;
  carrier: Carrier;
  driver: User;
  route: Route | null;
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
  return { carrier: await db.carrier.findUniqueOrThrow({ where: { id: driver.carrierId } }), driver };
}

const loadIdTaken = () => new ConflictError(M.loadIdTaken, "loadId");

async function insertAssignment(
  ctx: Context,
  adminId: string,
  data: ManualAssignmentInput,
  { carrier, driver }: { carrier: Carrier; driver: User },
): Promise<ManualAssignment> {
  return ctx.db
    .$transaction(async (tx) => {
      if (await tx.load.findUnique({ where: { loadId: data.loadId }, select: { id: true } })) {
        throw loadIdTaken();
      }
      // A route number the operator typed that does not exist yet starts a route for this driver.
      let route = data.routeNumber
        ? await tx.route.findUnique({ where: { routeNumber: data.routeNumber } })
        : null;
      if (data.routeNumber && !route) {
        route = await tx.route.create({
          data: { routeNumber: data.routeNumber, carrierId: carrier.id, assignedUserId: driver.id },
        });
        await recordAudit(tx, {
          actorId: adminId,
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
        },
      });
      await recordAudit(tx, {
        actorId: adminId,
        action: "load.manual-assignment",
        entityType: "Load",
        entityId: load.id,
        details: { loadId: load.loadId, carrierId: carrier.carrierId, driver: driver.userId },
      });
      return { load, carrier, driver, route };
    })
    .finally(loadsChanged);
}

export async function createManualAssignment(ctx: Context, input: unknown): Promise<ManualAssignment> {
  const admin = requireAdmin(ctx);
  const data = parseInput(manualAssignmentInput, input);
  const parties = await carrierAndDriver(ctx.db, data);
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertAssignment(ctx, admin.id, data, parties);
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

/** The created load in the REST answer's shape. */
export function manualAssignmentJson({ load, carrier, driver, route }: ManualAssignment) {
  return {
    _id: load.id,
    loadId: load.loadId,
    bolNumber: load.bolNumber,
    customer: load.customer,
    status: load.status,
    mode: load.mode,
    assignedUserId: driver.id,
    assignedUserKey: driver.userId,
    carrierId: carrier.carrierId,
    carrier: { _id: carrier.id, carrierId: carrier.carrierId, carrierName: carrier.carrierName },
    driver: publicUser(driver),
    referenceNumber: load.referenceNumber,
    weight: load.weight,
    volume: load.volume,
    freightClass: load.freightClass,
    commodity: load.commodity,
    orderInfo: load.orderInfo,
    additionalData: load.additionalData ? (JSON.parse(load.additionalData) as unknown) : null,
    stops: load.stopCount,
    routeNumber: route?.routeNumber ?? null,
    origin: { address: load.originAddress },
    destination: { address: load.destinationAddress },
    pickupDate: load.pickupDate?.toISOString() ?? null,
    deliveryDate: load.deliveryDate?.toISOString() ?? null,
    appointmentsRequired: load.appointmentsRequired,
    appointmentsConfirmed: load.appointmentsConfirmed,
    trackingLink: load.trackingLink,
    createdAt: load.createdAt.toISOString(),
  };
}
