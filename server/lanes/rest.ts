import { z } from "zod";
import { LANE_MESSAGES } from "../../common/scorecards.ts";
import { errors, queryParam } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { laneRates } from "./service.ts";

const perMile = (what: string) => z.number().nullable().describe(`${what} $/mile; null without loads.`);

const laneRatesSchema = z
  .object({
    count: z.number().int().describe("Awarded loads on the lane in the last 90 days."),
    medianPerMile: perMile("The median"),
    p25PerMile: perMile("The 25th percentile"),
    p75PerMile: perMile("The 75th percentile"),
  })
  .meta({ id: "LaneRates", description: "A lane's $/mile from the platform's awarded loads." });

export const laneRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/lanes/rates",
    access: "admin",
    schema: {
      summary: "A lane's rates",
      description:
        "Count, median, 25th and 75th percentile $/mile (carrier rate over road miles) of the awarded loads " +
        "of the last 90 days from `origin` to `destination`: two-letter states or 3-digit ZIP prefixes. Operators only.",
      querystring: z.object({
        origin: queryParam("A state (IL) or a 3-digit ZIP prefix (606)."),
        destination: queryParam("A state (CO) or a 3-digit ZIP prefix (802)."),
      }),
      response: { 200: laneRatesSchema, ...errors({ 400: LANE_MESSAGES.badEnd }) },
    },
    handle: (ctx, { query }) =>
      laneRates(ctx, {
        origin: query.get("origin") ?? undefined,
        destination: query.get("destination") ?? undefined,
      }),
  },
];
