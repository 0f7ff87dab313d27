import type { Deps } from "../deps.ts";

/** Published after the positions committed; subscribers re-read the route through the schema. */
export function announceTrackingChange(deps: Pick<Deps, "pubsub">, routeId: string): void {
  deps.pubsub.publish(`tracking:${routeId}`, { routeId });
  deps.pubsub.publish("tracking", { routeId });
}
