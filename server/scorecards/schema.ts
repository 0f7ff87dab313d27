import { CARRIER_TIERS, TIER_RULE_TEXT } from "../../common/scorecards.ts";
import { policy } from "../auth/policy.ts";
import { builder } from "../builder.ts";
import { CarrierNode } from "../carriers/schema.ts";
import { describedValues } from "../graphql/described-values.ts";
import { myScorecard, type Scorecard, scorecardsOf } from "./service.ts";

export const CarrierTierEnum = builder.enumType("CarrierTier", {
  description: `A carrier's tier from its scorecard. ${TIER_RULE_TEXT}`,
  values: describedValues(CARRIER_TIERS, {
    Gold: "The best measured service.",
    Silver: "Good measured service.",
    Bronze: "Tiered, below Silver.",
    New: "Not enough delivered loads on the platform yet.",
  }),
});

const pct = (what: string) => ({
  nullable: true as const,
  description: `${what}, percent with one decimal; null while there is nothing to measure.`,
});

export const CarrierScorecardType = builder.objectRef<Scorecard>("CarrierScorecard").implement({
  description:
    "A carrier's record on the platform: a company's (its loads, tenders and its users' bids), or a carrier user's own when it belongs to no company.",
  fields: (t) => ({
    tier: t.field({ type: CarrierTierEnum, description: TIER_RULE_TEXT, resolve: (card) => card.tier }),
    loads: t.exposeInt("loads", { description: "Loads hauled: delivered (or further) loads." }),
    onTimePickupPct: t.exposeFloat(
      "onTimePickupPct",
      pct(
        "Pickups reached by the appointment window's end (plus the grace) of those with an appointment and an arrival",
      ),
    ),
    onTimeDeliveryPct: t.exposeFloat(
      "onTimeDeliveryPct",
      pct(
        "Deliveries reached by the appointment window's end (plus the grace) of those with an appointment and an arrival",
      ),
    ),
    tenderAcceptancePct: t.exposeFloat(
      "tenderAcceptancePct",
      pct("Tenders accepted of those decided (accepted, declined or expired)"),
    ),
    tenderFallOffs: t.exposeInt("tenderFallOffs", {
      description: "Awards that fell off: tenders declined or left to expire after winning.",
    }),
    tendersDecided: t.exposeInt("tendersDecided", { description: "Tenders accepted, declined or expired." }),
    pickupsMeasured: t.exposeInt("pickupsMeasured", {
      description: "Pickups with an appointment and an arrival.",
    }),
    deliveriesMeasured: t.exposeInt("deliveriesMeasured", {
      description: "Deliveries with an appointment and an arrival.",
    }),
    bidsWon: t.exposeInt("bidsWon", { description: "Decided bids won." }),
    bidsLost: t.exposeInt("bidsLost", { description: "Decided bids lost." }),
    podTurnaroundHours: t.exposeFloat("podTurnaroundHours", {
      nullable: true,
      description:
        "POD turnaround: median hours (one decimal) from a load's delivered milestone to its POD received one, over the loads with both; null when none. Shown, not part of the tier rule.",
    }),
    podsMeasured: t.exposeInt("podsMeasured", {
      description: "Loads with both a delivered and a POD received milestone.",
    }),
  }),
});

builder.prismaObjectField(CarrierNode, "scorecard", (t) =>
  t.loadable({
    type: CarrierScorecardType,
    authScopes: { admin: true },
    description: "The carrier's scorecard and tier, batched for a whole page (operators).",
    load: (carrierIds: string[], ctx) =>
      scorecardsOf(
        ctx,
        carrierIds.map((carrierId) => ({ carrierId })),
      ),
    resolve: (carrier) => carrier.id,
  }),
);

builder.queryField("myScorecard", (t) =>
  t.field({
    type: CarrierScorecardType,
    nullable: true,
    authScopes: { authenticated: true },
    description:
      "The signed-in carrier's own scorecard: its company's, else its own record; null for operators.",
    resolve: (_root, _args, ctx) => (policy.isAdmin(ctx.viewer) ? null : myScorecard(ctx)),
  }),
);
