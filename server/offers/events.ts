import type { Deps } from "../deps.ts";

export type OfferEventKind =
  | "started"
  | "bid"
  | "roundClosed"
  | "roundStarted"
  | "finished"
  | "cancelled"
  | "tender"
  /** A waterfall turn moved (operators only hear it: the carrier in turn is notified). */
  | "waterfall"
  /** The award rules changed or decided without an award. */
  | "awardRules";

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
  publishOfferEvent(deps, offerId, kind);
  if (bidId) deps.pubsub.publish(`offer-bids:${offerId}`, { bidId });
}

/**
 * After a group of bids committed: one offer event per offer (subscribers re-read its best offer,
 * so one read serves every bid of the group) and one event per changed bid for the bidders list.
 */
export function announceBids(deps: Pick<Deps, "pubsub">, offerId: string, bidIds: Iterable<string>): void {
  publishOfferEvent(deps, offerId, "bid");
  for (const bidId of new Set(bidIds)) deps.pubsub.publish(`offer-bids:${offerId}`, { bidId });
}

/** To the watchers of every offer and to those of this offer only (one event object each). */
function publishOfferEvent(deps: Pick<Deps, "pubsub">, offerId: string, kind: OfferEventKind): void {
  deps.pubsub.publish("offers", { offerId, kind });
  deps.pubsub.publish(`offer:${offerId}`, { offerId, kind });
}
