/**
 * Which offers a carrier may see: the offers whose origin or destination state its areas of
 * operation name (every offer when it named none, `states` null), and any offer it bid on. The
 * offers' read policy (read-policy.ts) applies it, and says the same as a Prisma where clause for
 * the lists (`carrierOfferWhere`); the bid writes (bids/store.ts) apply it in their transaction.
 */
export function carrierMaySeeOffer(
  states: readonly string[] | null,
  offer: { originState: string | null; destinationState: string | null },
  hasBid: boolean,
): boolean {
  if (states === null || hasBid) return true;
  return (
    (offer.originState !== null && states.includes(offer.originState)) ||
    (offer.destinationState !== null && states.includes(offer.destinationState))
  );
}
