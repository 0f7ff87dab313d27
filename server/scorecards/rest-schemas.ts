import { z } from "zod";
import { CARRIER_TIERS, TIER_RULE_TEXT } from "../../common/scorecards.ts";

const pct = (what: string) =>
  z.number().nullable().describe(`${what}; percent, one decimal; null: nothing measured.`);

/** GET /api/carriers/{carrierId}/scorecard, exactly these keys. */
export const scorecardSchema = z
  .object({
    tier: z.enum(CARRIER_TIERS).describe(TIER_RULE_TEXT),
    loads: z.number().int().describe("Delivered loads."),
    onTimePickupPct: pct("Pickups on time"),
    onTimeDeliveryPct: pct("Deliveries on time"),
    tenderAcceptancePct: pct("Tenders accepted of those decided"),
    bidsWon: z.number().int(),
    bidsLost: z.number().int(),
    podTurnaroundHours: z
      .number()
      .nullable()
      .describe(
        "Median hours from the delivered milestone to POD received over the carrier's loads with both; one decimal; null: none.",
      ),
  })
  .meta({ id: "CarrierScorecard", description: "A carrier company's scorecard and tier." });
