import type { Deps } from "../deps.ts";

export type OfferEventKind = "started" | "bid" | "roundClosed" | "roundStarted" | "finished" | "cancelled";

/**
 * Published after the change committed, ids only: subscribers re-read the offer (and bid)
 * through the schema, so each receives what it may see.
 */
export function announceOffer(
  deps: Pick<Deps, "pubsub">,
  offerId: string,
  kind: OfferEventKind,
  bidId?: string,
): void {
  deps.pubsub.publish("offers", { offerId, kind });
  if (bidId) deps.pubsub.publish(`offer-bids:${offerId}`, { bidId });
}
