import { centsToDollars, roundEnds } from "../../common/offers.ts";
import type { Bid, Offer } from "../generated/sqlite/client.ts";
import type { ConfirmDetails } from "./confirm-details.ts";
import { CONFIRM_FIELDS } from "./confirm-details.validation.ts";

/** What the REST payloads read with each offer. */
export const OFFER_JSON_INCLUDE = { load: { select: { loadId: true } } } as const;
export type OfferWithLoad = Offer & { load: { loadId: string } };

export function bidJson(bid: Bid) {
  return {
    _id: bid.id,
    offerId: bid.offerId,
    user: bid.userId,
    userId: bid.userId,
    amount: bid.amountCents / 100,
    userName: bid.userName,
    companyName: bid.companyName,
    status: bid.status,
    createdAt: bid.createdAt.toISOString(),
    updatedAt: bid.updatedAt.toISOString(),
  };
}

/**
 * The best bid of an offer as a carrier that did not place it sees it: the amount and status the
 * offer's best offer already shows, in the bid's shape, with everything that tells who bid (ids,
 * names, company, times) null. GraphQL shows such a carrier the same: Offer.bestOffer, no Bid.
 */
export function anonymousBidJson(bid: Bid) {
  return {
    ...bidJson(bid),
    _id: null,
    user: null,
    userId: null,
    userName: null,
    companyName: null,
    createdAt: null,
    updatedAt: null,
  };
}

/**
 * The spec's Offer (section 3) plus the round number, the absolute close time, and for a
 * carrier its own bid; the target rate only for admins.
 */
export function offerJson(
  offer: OfferWithLoad,
  options: { admin: boolean; myBid?: Bid | null; now?: number },
) {
  return {
    _id: offer.id,
    loadId: offer.load.loadId,
    startDateTime: offer.startDateTime.toISOString(),
    endDateTime: offer.endDateTime?.toISOString() ?? null,
    stops: offer.stops,
    originCity: offer.originCity,
    originState: offer.originState,
    destinationCity: offer.destinationCity,
    destinationState: offer.destinationState,
    distance: offer.distance,
    equipmentType: offer.equipmentType,
    bestOffer: centsToDollars(offer.bestBidCents),
    roundEnds: roundEnds(offer.roundEndsAt, options.now),
    roundEndsAt: offer.roundEndsAt.toISOString(),
    roundNumber: offer.roundNumber,
    status: offer.status,
    bookNowPrice: centsToDollars(offer.bookNowPriceCents),
    ...(options.admin ? { targetRate: centsToDollars(offer.targetRateCents) } : {}),
    ...(options.myBid !== undefined ? { myBid: options.myBid ? bidJson(options.myBid) : null } : {}),
  };
}

/** The spec's REST shape: the fields, plus the load, its start and whether they can still change. */
export function confirmDetailsJson(details: ConfirmDetails) {
  const row = details.confirmation;
  return {
    loadId: details.loadId,
    startDateTime: details.startDateTime.toISOString(),
    editable: details.editable,
    ...Object.fromEntries(CONFIRM_FIELDS.map((field) => [field, row?.[field] ?? null])),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
