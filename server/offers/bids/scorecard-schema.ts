import { builder } from "../../builder.ts";
import { CarrierScorecardType } from "../../scorecards/schema.ts";
import { bidderScorecards } from "../../scorecards/service.ts";
import { BidType } from "./schema.ts";

builder.prismaObjectField(BidType, "bidderScorecard", (t) =>
  t.loadable({
    type: CarrierScorecardType,
    authScopes: { admin: true },
    description:
      "The bidder's scorecard (its company's, else its own), batched for a whole page; its `tier` is the bidder's tier (operators).",
    load: (userIds: string[], ctx) => bidderScorecards(ctx, userIds),
    resolve: (bid) => bid.userId,
  }),
);
