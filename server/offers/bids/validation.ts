import { z } from "zod";
import { BID_MESSAGES, bidAmountSchema } from "../../../common/offers.ts";

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
