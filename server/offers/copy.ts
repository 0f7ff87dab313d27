import { type LatLng, parseUsAddress, roadMiles } from "../../common/geo.ts";
import type { NassCode } from "../generated/sqlite/client.ts";
import { zipCentroid } from "../geo/zip-centroids.ts";

interface StopWithFacility {
  sequence: number;
  type: string;
  nassCode: NassCode | null;
}

export interface LoadForOffer {
  pickupDate: Date | null;
  deliveryDate: Date | null;
  stopCount: number;
  originAddress: string | null;
  destinationAddress: string | null;
  stops: StopWithFacility[];
}

export interface Place {
  city: string | null;
  state: string | null;
  /** The ZIP's first three digits (lane rates by ZIP prefix). */
  zip3: string | null;
  point: LatLng | null;
}

const zip3Of = (zip: string | null | undefined) => /^\s*(\d{3})\d{2}/.exec(zip ?? "")?.[1] ?? null;

/** The facility's own coordinates, else its ZIP's centroid; then the address's ZIP. Never invented. */
function placeOf(facility: NassCode | null, address: string | null): Place {
  const parsed = parseUsAddress(address);
  const facilityPoint =
    facility?.latitude != null && facility.longitude != null
      ? { lat: facility.latitude, lng: facility.longitude }
      : zipCentroid(facility?.zip);
  return {
    city: facility?.city ?? parsed.city,
    state: facility?.state?.toUpperCase() ?? parsed.state,
    zip3: zip3Of(facility?.zip) ?? zip3Of(parsed.zip),
    point: facilityPoint ?? zipCentroid(parsed.zip),
  };
}

/**
 * What an offer copies from its load: the pickup and delivery facilities (first pickup stop and
 * last delivery stop, else first and last stop), else the addresses; distance in road miles
 * (great-circle times common/geo.ts ROAD_FACTOR) when both ends are known, else null.
 */
export function offerFieldsFromLoad(load: LoadForOffer) {
  const stops = [...load.stops].sort((a, b) => a.sequence - b.sequence);
  const pickup = stops.find((stop) => stop.type === "pickup") ?? stops[0];
  const delivery = [...stops].reverse().find((stop) => stop.type === "delivery") ?? stops.at(-1);
  const origin = placeOf(pickup?.nassCode ?? null, load.originAddress);
  const destination = placeOf(
    delivery !== pickup ? (delivery?.nassCode ?? null) : null,
    load.destinationAddress,
  );
  return {
    startDateTime: load.pickupDate,
    endDateTime: load.deliveryDate,
    stops: stops.length > 0 ? stops.length : load.stopCount,
    originCity: origin.city,
    originState: origin.state,
    destinationCity: destination.city,
    destinationState: destination.state,
    originZip3: origin.zip3,
    destinationZip3: destination.zip3,
    distance: origin.point && destination.point ? roadMiles(origin.point, destination.point) : null,
  };
}
