import { z } from "zod";
import {
  DEFAULT_EQUIPMENT_TYPE,
  DEFAULT_ROUND_MINUTES,
  EQUIPMENT_TYPES,
  MAX_ROUND_MINUTES,
  OFFER_STATUSES,
} from "../../common/offers.ts";

const roundMinutes = z.coerce
  .number({ error: "Round length must be a whole number of minutes" })
  .int("Round length must be a whole number of minutes")
  .min(1, "A round lasts at least 1 minute")
  .max(MAX_ROUND_MINUTES, "A round lasts at most 7 days");

/** Dollars with at most two decimals, to cents. */
const money = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/, message),
      ],
      { error: message },
    )
    .transform((value, context) => {
      const amount = Number(value);
      const cents = Math.round(amount * 100);
      if (!Number.isFinite(amount) || amount <= 0 || Math.abs(cents - amount * 100) > 1e-6 || cents > 1e11) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });

export const startOfferInput = z.object({
  loadId: z.string({ error: "Load ID is required" }).trim().min(1, "Load ID is required").max(100),
  roundMinutes: roundMinutes.default(DEFAULT_ROUND_MINUTES),
  targetRate: money("Enter a valid target rate").nullish(),
  equipmentType: z
    .enum(EQUIPMENT_TYPES, { error: `Equipment type must be one of ${EQUIPMENT_TYPES.join(", ")}` })
    .default(DEFAULT_EQUIPMENT_TYPE),
});
export type StartOfferInput = z.infer<typeof startOfferInput>;

export const nextRoundInput = z.object({ roundMinutes: roundMinutes.default(DEFAULT_ROUND_MINUTES) });

export const offerStatusInput = z.object({
  status: z.enum(OFFER_STATUSES, { error: `Status must be one of ${OFFER_STATUSES.join(", ")}` }),
});

export const winnerInput = z.object({
  bidId: z.string({ error: "bidId is required" }).trim().min(1, "bidId is required").max(100),
});
