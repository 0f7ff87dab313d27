import type { NassCode } from "../generated/sqlite/client.ts";
import { facilityTimeZone } from "./time-zone.ts";

/** The NASS record as the spec's REST payloads carry it. */
export function nassJson(nass: NassCode) {
  return {
    _id: nass.id,
    code: nass.code,
    region: nass.region,
    division: nass.division,
    fdbid: nass.fdbid,
    facilityName: nass.facilityName,
    street: nass.street,
    city: nass.city,
    state: nass.state,
    zip: nass.zip,
    typeCode: nass.typeCode,
    subType: nass.subType,
    facType: nass.facType,
    originating: nass.originating,
    destinating: nass.destinating,
    latitude: nass.latitude,
    longitude: nass.longitude,
    /** The facility's IANA time zone from its coordinates (null without them); appointments are in it. */
    timeZone: facilityTimeZone(nass),
    /** The tracking geofence in meters; null: the default (200 m). */
    geofenceRadiusMeters: nass.geofenceRadiusMeters,
    /** Sent back with PUT, a save over someone else's change (or an import) is refused with 409. */
    version: nass.version,
  };
}
