import type { UploadBatch } from "../generated/sqlite/client.ts";
import { nassJson } from "../nass/service.ts";
import type { LoadWithRelations } from "./service.ts";

function additionalDataOf(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The load as the spec's REST payloads carry it. */
export function loadJson(load: LoadWithRelations) {
  return {
    _id: load.id,
    loadId: load.loadId,
    bolNumber: load.bolNumber,
    customer: load.customer,
    status: load.status,
    mode: load.mode,
    assignedUserId: load.assignedUserId,
    assignedUserKey: load.assignedUser?.userId ?? null,
    carrierId: load.carrierId,
    carrier: load.carrier?.carrierName ?? null,
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
    createdAt: load.createdAt.toISOString(),
    updatedAt: load.updatedAt.toISOString(),
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
