import type { Deps } from "../deps.ts";

/** Published after the change committed; subscribers re-read the carrier through the schema. */
export function announceCarrierChange(deps: Pick<Deps, "pubsub">, carrierId: string): void {
  deps.pubsub.publish("carriers", { carrierId });
}
