import { trackingStopKind } from "../../common/tracking.ts";
import type { TrackedRoute } from "../routing/store-tracked.ts";
import { carrierNameOf, driverUserIdOf, lastPositionOf, stopLocation } from "./service.ts";
import type { ShipmentTracking } from "./shipment.ts";

/** GET /tracking/{routeNumber}: the spec's tracking data, plus arrival and departure times. */
export function trackingJson(route: TrackedRoute) {
  return {
    _id: route.id,
    routeNumber: route.routeNumber,
    carrier: carrierNameOf(route),
    driver: driverUserIdOf(route),
    loads: route.loads.map((load) => ({ loadId: load.loadId, status: load.status })),
    eta: route.etaMinutes,
    nextStopEta: route.nextStopEtaMinutes,
    lastPosition: lastPositionOf(route),
    lastPositionAt: route.lastPositionAt?.toISOString() ?? null,
    speedMph: route.lastSpeedMph === null ? null : Math.round(route.lastSpeedMph * 10) / 10,
    heading: route.lastHeading,
    stops: route.stops.map((stop) => ({
      _id: stop.id,
      sequence: stop.sequence,
      type: trackingStopKind(stop.type),
      nass: {
        code: stop.nassCode?.code ?? null,
        facilityName: stop.nassCode?.facilityName ?? null,
        city: stop.nassCode?.city ?? null,
        state: stop.nassCode?.state ?? null,
        location: stopLocation(stop),
      },
      arrivedAt: stop.arrivedAt?.toISOString() ?? null,
      departedAt: stop.departedAt?.toISOString() ?? null,
    })),
  };
}

export function shipmentJson(shipment: ShipmentTracking) {
  return {
    ...shipment,
    lastPositionAt: shipment.lastPositionAt?.toISOString() ?? null,
    stops: shipment.stops.map((stop) => ({
      ...stop,
      arrivedAt: stop.arrivedAt?.toISOString() ?? null,
      departedAt: stop.departedAt?.toISOString() ?? null,
    })),
  };
}
