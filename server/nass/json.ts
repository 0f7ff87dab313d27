import type { NassCode } from "../generated/sqlite/client.ts";

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
    /** Sent back with PUT, a save over someone else's change (or an import) is refused with 409. */
    version: nass.version,
  };
}
