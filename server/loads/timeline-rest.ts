import { z } from "zod";
import { LOAD_MILESTONES, MILESTONE_SOURCES } from "../../common/loads/milestones.ts";
import { dateTime, errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { loadTimeline } from "./timeline.ts";
import { milestoneJson } from "./timeline-json.ts";
import { LOAD_NOT_FOUND } from "./validation.ts";

const milestoneSchema = z
  .object({
    milestone: z.enum(LOAD_MILESTONES),
    at: dateTime,
    by: z.string().nullable().describe("Who set it: a name for operators, 'You' for a carrier's own steps."),
    source: z.enum(MILESTONE_SOURCES),
    detail: z.string().nullable().describe("What it concerns (a stop, a file), when anything."),
  })
  .meta({ id: "LoadMilestone", description: "A step of a load's life." });

export const timelineRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/loads/:loadId/timeline",
    access: "signedIn",
    schema: {
      summary: "A load's timeline",
      description:
        "Its milestones oldest first (covered, departed, delivered, POD received, cancelled, ...), each with " +
        "when, who and what set it. Operators, and the carrier the load was awarded to.",
      response: { 200: milestoneSchema.array(), ...errors({ 404: LOAD_NOT_FOUND }) },
    },
    async handle(ctx, { params }) {
      const { milestones } = await loadTimeline(ctx, params.loadId);
      return milestones.map((step) => milestoneJson(step, ctx.viewer));
    },
  },
];
