import type { Deps } from "../deps.ts";

/**
 * A driver's trip changed (driver app): its stops, appointments, a check-in, a document, its link.
 * Published after the change committed, by whichever domain made it; `driverTripChanged`
 * subscribers re-read the trip through the schema.
 */
export function announceTripChange(deps: Pick<Deps, "pubsub">, loadDbIds: Iterable<string>): void {
  for (const loadId of new Set(loadDbIds)) deps.pubsub.publish(`driver-trip:${loadId}`, { loadId });
}
