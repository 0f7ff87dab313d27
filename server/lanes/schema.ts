import { LANE_RATE_DAYS, LANE_RATE_SAMPLE, type LaneRates, perMileOf } from "../../common/scorecards.ts";
import { builder } from "../builder.ts";
import { SAME_FOR_ROLE } from "../graphql/shared-subscriptions.ts";
import { BidType } from "../offers/bids/schema.ts";
import { OfferType } from "../offers/schema.ts";
import { laneRates, laneRatesOfLoad, laneRatesOfOffer } from "./service.ts";

export const LaneRatesType = builder.objectRef<LaneRates>("LaneRates").implement({
  description: `A lane's $/mile from the platform's awarded loads of the last ${LANE_RATE_DAYS} days (carrier rate over road miles).`,
  fields: (t) => ({
    count: t.exposeInt("count", { description: "Awarded loads on the lane in the period." }),
    medianPerMile: t.exposeFloat("medianPerMile", {
      nullable: true,
      description: `The median $/mile (of the newest ${LANE_RATE_SAMPLE}); null without loads.`,
    }),
    p25PerMile: t.exposeFloat("p25PerMile", {
      nullable: true,
      description: "The 25th percentile $/mile (interpolated); null without loads.",
    }),
    p75PerMile: t.exposeFloat("p75PerMile", {
      nullable: true,
      description: "The 75th percentile $/mile (interpolated); null without loads.",
    }),
  }),
});

builder.queryFields((t) => ({
  laneRates: t.field({
    type: LaneRatesType,
    authScopes: { admin: true },
    description:
      "A lane's rates: origin and destination as two-letter states or 3-digit ZIP prefixes (operators).",
    args: {
      origin: t.arg.string({ required: true, description: "A state (IL) or a 3-digit ZIP prefix (606)." }),
      destination: t.arg.string({
        required: true,
        description: "A state (CO) or a 3-digit ZIP prefix (802).",
      }),
    },
    resolve: (_root, args, ctx) => laneRates(ctx, args),
  }),
  laneRatesForLoad: t.field({
    type: LaneRatesType,
    nullable: true,
    authScopes: { admin: true },
    description:
      "The rates of a load's lane by its pickup and delivery states, before it goes out for bids; null when a state is unknown (operators).",
    args: { loadId: t.arg.string({ required: true, description: "The load's readable loadId." }) },
    resolve: (_root, args, ctx) => laneRatesOfLoad(ctx, args.loadId),
  }),
}));

builder.prismaObjectFields(OfferType, (t) => ({
  laneRates: t.field({
    type: LaneRatesType,
    nullable: true,
    authScopes: { admin: true },
    description: "The rates of the offer's lane (its states); null when a state is unknown (operators).",
    resolve: (offer, _args, ctx) => laneRatesOfOffer(ctx, offer),
  }),
  bestOfferPerMile: t.float({
    nullable: true,
    description: "The lowest active bid in $/mile; null without a bid or a distance.",
    extensions: SAME_FOR_ROLE,
    resolve: (offer) =>
      perMileOf(offer.bestBidCents === null ? null : offer.bestBidCents / 100, offer.distance),
  }),
}));

builder.prismaObjectField(BidType, "ratePerMile", (t) =>
  t.float({
    nullable: true,
    description: "The bid in $/mile over the offer's road miles; null without a distance.",
    select: { offer: { select: { distance: true } } },
    resolve: (bid) => perMileOf(bid.amountCents / 100, bid.offer.distance),
  }),
);
