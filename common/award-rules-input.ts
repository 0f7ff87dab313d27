import { z } from "zod";
import {
  AWARD_MESSAGES,
  AWARD_MODES,
  MAX_AWARD_ROUNDS,
  MAX_WATERFALL_CARRIERS,
  MAX_WATERFALL_MINUTES,
} from "./award.ts";
import { moneyInput } from "./money-input.ts";

// Apart from award.ts, so screens that only show its values and texts do not bring zod along.
/** The ceiling in dollars -> cents, by the money rule (more than 0, at most the maximum). */
const ceiling = moneyInput(
  (problem) => (problem === "too_large" ? AWARD_MESSAGES.ceilingTooLarge : AWARD_MESSAGES.ceilingInvalid),
  { minCents: 1 },
);

/**
 * The rules as the start-bidding form, `POST /api/offers` (`awardRules`) and
 * `PUT /api/offers/{loadId}/award-rules` send them. `carrierIds` are carrier users' ids in turn
 * order; none given means the ranked list of eligible carriers.
 */
export const awardRulesInput = z
  .object({
    mode: z.enum(AWARD_MODES, { error: `Award rule must be one of ${AWARD_MODES.join(", ")}` }),
    ceiling: ceiling.nullish(),
    maxRounds: z.coerce
      .number({ error: AWARD_MESSAGES.maxRounds })
      .int(AWARD_MESSAGES.maxRounds)
      .min(1, AWARD_MESSAGES.maxRounds)
      .max(MAX_AWARD_ROUNDS, AWARD_MESSAGES.maxRounds)
      .nullish(),
    carrierIds: z
      .array(z.string().trim().min(1).max(100))
      .max(MAX_WATERFALL_CARRIERS, AWARD_MESSAGES.tooManyCarriers)
      .refine((ids) => new Set(ids).size === ids.length, AWARD_MESSAGES.duplicateCarrier)
      .nullish(),
    minutesPerCarrier: z.coerce
      .number({ error: AWARD_MESSAGES.minutesPerCarrier })
      .int(AWARD_MESSAGES.minutesPerCarrier)
      .min(1, AWARD_MESSAGES.minutesPerCarrier)
      .max(MAX_WATERFALL_MINUTES, AWARD_MESSAGES.minutesPerCarrier)
      .nullish(),
  })
  .superRefine((rules, context) => {
    if (rules.mode === "auto" && (rules.ceiling === null || rules.ceiling === undefined)) {
      context.addIssue({ code: "custom", path: ["ceiling"], message: AWARD_MESSAGES.ceilingRequired });
    }
  });
export type AwardRulesInput = z.infer<typeof awardRulesInput>;
