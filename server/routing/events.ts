import type { Deps } from "../deps.ts";

/** Published after the change committed; subscribers re-read the route through the schema. */
export function announceRouteChange(deps: Pick<Deps, "pubsub">, routeId: string): void {
  deps.pubsub.publish("routes", { routeId });
}
