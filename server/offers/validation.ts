import { z } from "zod";
import { awardRulesInput } from "../../common/award-rules-input.ts";
import { BOOK_NOW_MESSAGES } from "../../common/booking.ts";
import { MAX_MONEY_TEXT } from "../../common/money.ts";
import { moneyInput } from "../../common/money-input.ts";
import {
  BID_RULE,
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

export const TARGET_RATE_MESSAGES = {
  invalid: "Enter a valid target rate",
  tooLarge: `Target rate cannot exceed ${MAX_MONEY_TEXT}`,
} as const;

/** The target rate, by the money rule (common/money.ts): more than 0, at most $10,000,000.00. */
const targetRate = moneyInput(
  (problem) => (problem === "too_large" ? TARGET_RATE_MESSAGES.tooLarge : TARGET_RATE_MESSAGES.invalid),
  { minCents: 1 },
);

/** The Book Now price, by the bid amount rule (common/bid-input.ts): more than 0, at most $10,000,000.00. */
const bookNowPrice = moneyInput(
  (problem) => (problem === "too_large" ? BOOK_NOW_MESSAGES.tooLarge : BOOK_NOW_MESSAGES.invalid),
  BID_RULE,
);

export const startOfferInput = z.object({
  loadId: z.string({ error: "Load ID is required" }).trim().min(1, "Load ID is required").max(100),
  roundMinutes: roundMinutes.default(DEFAULT_ROUND_MINUTES),
  targetRate: targetRate.nullish(),
  bookNowPrice: bookNowPrice.nullish(),
  equipmentType: z
    .enum(EQUIPMENT_TYPES, { error: `Equipment type must be one of ${EQUIPMENT_TYPES.join(", ")}` })
    .default(DEFAULT_EQUIPMENT_TYPE),
  /** Optional award rules (common/award.ts): none, auto-award under a ceiling, or a waterfall. */
  awardRules: awardRulesInput.nullish(),
});
export type StartOfferInput = z.infer<typeof startOfferInput>;

export const nextRoundInput = z.object({ roundMinutes: roundMinutes.default(DEFAULT_ROUND_MINUTES) });

export const offerStatusInput = z.object({
  status: z.enum(OFFER_STATUSES, { error: `Status must be one of ${OFFER_STATUSES.join(", ")}` }),
});

export const winnerInput = z.object({
  bidId: z.string({ error: "bidId is required" }).trim().min(1, "bidId is required").max(100),
});
