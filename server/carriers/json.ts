import { publicUser } from "../auth/account-json.ts";
import type { CarrierWithDrivers } from "./service.ts";

/** The carrier as the spec's REST answers carry it. */
export function carrierJson(carrier: CarrierWithDrivers) {
  return {
    _id: carrier.id,
    carrierId: carrier.carrierId,
    carrierName: carrier.carrierName,
    dotNumber: carrier.dotNumber,
    mcNumber: carrier.mcNumber,
    type: carrier.type,
    contact: { name: carrier.contactName, phone: carrier.contactPhone, email: carrier.contactEmail },
    drivers: carrier.drivers.map(publicUser),
    driverCount: carrier.drivers.length,
    createdAt: carrier.createdAt.toISOString(),
    updatedAt: carrier.updatedAt.toISOString(),
    /** Sent back with PATCH, a save over someone else's change is refused with 409. */
    version: carrier.version,
  };
}
