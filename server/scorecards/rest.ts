import { CARRIER_NOT_FOUND } from "../carriers/lookup.ts";
import { errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { scorecardSchema } from "./rest-schemas.ts";
import { carrierScorecard, scorecardFigures } from "./service.ts";

export const scorecardRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/carriers/:id/scorecard",
    access: "signedIn",
    schema: {
      summary: "A carrier's scorecard",
      description:
        "Tier, delivered loads, on-time pickup and delivery, tender acceptance, bids won and lost, POD turnaround, from the " +
        "platform's own history (common/scorecards.ts has the tier rule). By database id or carrierId. " +
        "Operators any carrier; a carrier user only its own company (any other answers 404).",
      response: { 200: scorecardSchema, ...errors({ 404: CARRIER_NOT_FOUND }) },
    },
    handle: async (ctx, { params }) => scorecardFigures(await carrierScorecard(ctx, params.id)),
  },
];
