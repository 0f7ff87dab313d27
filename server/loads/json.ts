import { publicUser } from "../auth/account-json.ts";
import type { UploadBatch } from "../generated/sqlite/client.ts";
import { nassJson } from "../nass/json.ts";
import { marginOf } from "./margin.ts";
import type { LoadWithRelations } from "./service.ts";
import { stopTimesJson } from "./stop-visits.ts";

/** additionalData is stored as JSON text: an object, or a string for free text. */
function additionalDataOf(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The load as every REST answer carries it (list, detail, edit, driver assignment, manual
 * assignment): the one place that shapes it. `carrierId` is the carrier's readable id (the spec's
 * Carrier.carrierId, CAR-000123, the one in /admin/ila/carriers/{carrierId}); `carrier` adds its
 * database id and name. `stops` is the stop list and `stopCount` the planned count.
 */
export function loadJson(load: LoadWithRelations) {
  return {
    _id: load.id,
    loadId: load.loadId,
    bolNumber: load.bolNumber,
    customer: load.customer,
    status: load.status,
    stage: load.stage,
    mode: load.mode,
    assignedUserId: load.assignedUserId,
    assignedUserKey: load.assignedUser?.userId ?? null,
    carrierId: load.carrier?.carrierId ?? null,
    carrier: load.carrier
      ? { _id: load.carrier.id, carrierId: load.carrier.carrierId, carrierName: load.carrier.carrierName }
      : null,
    driver: load.assignedUser ? publicUser(load.assignedUser) : null,
    referenceNumber: load.referenceNumber,
    weight: load.weight,
    volume: load.volume,
    freightClass: load.freightClass,
    commodity: load.commodity,
    orderInfo: load.orderInfo,
    additionalData: additionalDataOf(load.additionalData),
    stops: load.stops.map((stop) => ({
      _id: stop.id,
      sequence: stop.sequence,
      type: stop.type,
      nass: stop.nassCode ? nassJson(stop.nassCode) : null,
      ...stopTimesJson(stop),
    })),
    stopCount: load.stopCount,
    routeNumber: load.route?.routeNumber ?? null,
    origin: { address: load.originAddress },
    destination: { address: load.destinationAddress },
    pickupDate: load.pickupDate?.toISOString() ?? null,
    deliveryDate: load.deliveryDate?.toISOString() ?? null,
    appointmentsRequired: load.appointmentsRequired,
    appointmentsConfirmed: load.appointmentsConfirmed,
    trackingLink: load.trackingLink,
    stream: load.stream,
    customerRateCents: load.customerRateCents,
    carrierRateCents: load.carrierRateCents,
    marginCents: marginOf(load)?.cents ?? null,
    marginPercent: marginOf(load)?.percent ?? null,
    createdAt: load.createdAt.toISOString(),
    updatedAt: load.updatedAt.toISOString(),
    /** Sent back with PUT, a save over someone else's change is refused with 409. */
    version: load.version,
  };
}

export function uploadBatchJson(batch: UploadBatch) {
  return {
    _id: batch.id,
    stream: batch.stream,
    fileNames: batch.fileNames,
    rowCount: batch.rowCount,
    createdCount: batch.createdCount,
    updatedCount: batch.updatedCount,
    createdAt: batch.createdAt.toISOString(),
  };
}
