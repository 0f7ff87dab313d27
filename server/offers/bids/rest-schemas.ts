import { z } from "zod";
import { BID_STATUSES } from "../../../common/offers.ts";
import { dateTime } from "../../http/rest-schemas.ts";
import { bidSchema } from "../rest-schemas.ts";

/** The REST answers of the bids paths, as the OpenAPI document describes them. */

/** POST /bids/createBid. */
export const placedBidSchema = z.object({
  message: z.string().describe("'Puja creada exitosamente.' or 'Puja actualizada exitosamente.'"),
  bid: bidSchema,
});

/** GET /bids/user-amount-bid/{offerId}. */
export const bidAmountSchema = z.object({
  amount: z.number().nullable().describe("The caller's bid in dollars, or null without one."),
  status: z.enum(BID_STATUSES).nullable(),
});

const record = {
  wins: z.number().int().describe("Decided bids won."),
  losses: z.number().int().describe("Decided bids lost."),
  rating: z.number().nullable().describe("0 to 5 from the share won; null before any decision."),
};

/** GET /bids/users-bid/{offerId}: a bid with its bidder's record. */
export const bidderSchema = bidSchema.extend(record);

/** GET /bids/user-wins-losses/{userId}. */
export const winsLossesSchema = z.object({ userId: z.string().describe("The carrier's userId."), ...record });

/** POST /bids/{offerId}/{userId}: what the winner confirmation decided. */
export const winnerDecisionSchema = z.object({
  offerId: z.string(),
  loadDbId: z.string().describe("The load's database id."),
  loadId: z.string(),
  winnerBidId: z.string(),
  winnerUserId: z.string().describe("The winner's database id."),
  carrierId: z.string().nullable().describe("The winner's carrier (database id)."),
  amountCents: z.number().int(),
  loserUserIds: z.array(z.string()),
  decidedAt: dateTime,
  decidedById: z.string().describe("The operator's database id."),
});
