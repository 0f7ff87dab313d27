import { AWARD_MODES, MAX_AWARD_ROUNDS, MAX_WATERFALL_CARRIERS } from "../../common/award.ts";
import { builder } from "../builder.ts";
import { describedValues } from "../graphql/described-values.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";

export const AwardModeEnum = builder.enumType("AwardMode", {
  description: "How an offer is awarded.",
  values: describedValues(AWARD_MODES, {
    none: "An operator confirms the winner.",
    auto: "At round close the best bid wins if it is at or under the ceiling; else another round, or the operators are told.",
    waterfall: "Offered at the target rate to one carrier at a time before it opens to all.",
  }),
});

/** The award rules as GraphQL inputs send them (start bidding, setAwardRules). */
export const AwardRulesInputRef = builder.inputType("AwardRulesInput", {
  description: "An offer's award rules.",
  fields: (t) => ({
    mode: t.field({ type: AwardModeEnum, required: true, description: "none, auto or waterfall." }),
    ceiling: t.float({
      description: "auto: the highest amount it may award, in US dollars (at most two decimals).",
    }),
    maxRounds: t.int({ description: `auto: rounds in all, 1 to ${MAX_AWARD_ROUNDS} (default 1).` }),
    carrierIds: t.idList({
      description: `waterfall: carrier Users' global ids in turn order, at most ${MAX_WATERFALL_CARRIERS}; none given means the ranked list of eligible carriers.`,
    }),
    minutesPerCarrier: t.int({
      description: "waterfall: each carrier's turn in minutes (default WATERFALL_MINUTES, 15).",
    }),
  }),
});

type AwardRulesGraphQL = {
  mode: string;
  ceiling?: number | null;
  maxRounds?: number | null;
  carrierIds?: (string | number)[] | null;
  minutesPerCarrier?: number | null;
};

/** The GraphQL input as the service's input: carrier ids decoded from User global ids. */
export function awardRulesFromGraphQL(input: AwardRulesGraphQL | null | undefined) {
  if (!input) return input;
  return {
    ...input,
    carrierIds: input.carrierIds?.map((id) => decodeGlobalIdOf("User", id)) ?? null,
  };
}
