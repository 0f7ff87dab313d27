/**
 * Which offers a carrier may see: the offers whose origin or destination state its areas of
 * operation name (every offer when it named none, `states` null), and any offer it bid on. The
 * offer lists say the same as a Prisma where clause (`carrierOfferWhere` in service.ts).
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
