import { z } from "zod";
import { bidAmountSchema } from "../../../common/bid-input.ts";
import { BID_MESSAGES } from "../../../common/offers.ts";

const optionalName = z
  .string()
  .trim()
  .max(120, "Name is too long")
  .nullish()
  .transform((value) => value || null);

export const placeBidInput = z.object({
  offerId: z.string({ error: "offerId is required" }).trim().min(1, "offerId is required").max(100),
  amount: z.unknown().pipe(bidAmountSchema),
  userName: optionalName,
  companyName: optionalName,
});
export type PlaceBidInput = z.infer<typeof placeBidInput>;

export const bidStatusInput = z.object({
  _id: z.string().optional(),
  status: z.enum(["active", "winner", "loser", "folded"], {
    error: "Status must be one of active, winner, loser, folded",
  }),
});

export { BID_MESSAGES };

const WINNER_USER_MISMATCH = "The body names another user than the path.";

/**
 * POST /bids/{offerId}/{userId}: the spec's "user info body". `userId` / `user_id`, when sent, name
 * the same user as the path (checked by the route, which answers this text when they do not).
 */
export const winnerUserBody = z.preprocess(
  (value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? value : {}),
  z.looseObject({
    userId: z
      .string({ error: WINNER_USER_MISMATCH })
      .nullish()
      .describe("The winner's userId or database id."),
    user_id: z
      .string({ error: WINNER_USER_MISMATCH })
      .nullish()
      .describe("The same, as the legacy client names it."),
  }),
);
