import type { App } from "../../server/app.ts";
import { createRowId } from "../../server/lib/ids.ts";
import { carrierWithDriver } from "./loads.ts";

export interface StopSpec {
  type: "pickup" | "stop" | "delivery";
  lat: number;
  lng: number;
  city?: string;
  state?: string;
}

/**
 * A route with stops at known coordinates and loads on it, written straight to the database (the
 * routing screens build routes; tracking only needs them to exist).
 */
export async function trackedRouteFixture(
  app: App,
  options: {
    routeNumber: string;
    stops: StopSpec[];
    loadIds?: string[];
    suffix?: string;
    withDriver?: boolean;
  },
) {
  const { db } = app.deps;
  const suffix = options.suffix ?? options.routeNumber;
  const { carrier, driver } = await carrierWithDriver(app, suffix);
  const route = await db.route.create({
    data: {
      routeNumber: options.routeNumber,
      carrierId: carrier.id,
      assignedUserId: options.withDriver === false ? null : driver.id,
    },
  });
  for (const [index, stop] of options.stops.entries()) {
    const nass = await db.nassCode.create({
      data: {
        code: `${options.routeNumber}-N${index + 1}`,
        facilityName: `Facility ${index + 1}`,
        city: stop.city ?? `City ${index + 1}`,
        state: stop.state ?? "IL",
        latitude: stop.lat,
        longitude: stop.lng,
      },
    });
    await db.routeStop.create({
      data: {
        id: createRowId(),
        routeId: route.id,
        sequence: index + 1,
        type: stop.type,
        nassCodeId: nass.id,
      },
    });
  }
  const loads = [];
  for (const loadId of options.loadIds ?? [`${options.routeNumber}-L1`]) {
    loads.push(
      await db.load.create({
        data: {
          loadId,
          routeId: route.id,
          carrierId: carrier.id,
          assignedUserId: driver.id,
          customer: "USPS",
        },
      }),
    );
  }
  return { route, carrier, driver, loads };
}

/** Minutes from now as an ISO string (negative: in the past). */
export function at(minutesFromNow: number, base = Date.now()): string {
  return new Date(base + minutesFromNow * 60_000).toISOString();
}
