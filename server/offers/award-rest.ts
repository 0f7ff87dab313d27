import { z } from "zod";
import {
  AWARD_MESSAGES,
  AWARD_MODES,
  WATERFALL_STATUSES,
  WATERFALL_STEP_STATUSES,
} from "../../common/award.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { dateTime, errors } from "../http/rest-schemas.ts";
import type { RestRoute } from "../http/router.ts";
import { type AwardRulesView, awardRulesInput, awardRulesView, setAwardRules } from "./award.ts";
import { acceptWaterfallTurn, passWaterfallTurn } from "./waterfall-turns.ts";

const stepSchema = z.object({
  position: z.number().int().describe("The turn's place, from 0."),
  carrierId: z.string().describe("The carrier user's id."),
  carrierName: z.string(),
  status: z.enum(WATERFALL_STEP_STATUSES),
  offeredAt: dateTime.nullable(),
  decidedAt: dateTime.nullable(),
});

export const awardRulesSchema = z
  .object({
    loadId: z.string(),
    mode: z.enum(AWARD_MODES),
    ceiling: z.number().nullable().describe("Auto-award's highest amount, in dollars."),
    maxRounds: z.number().int().nullable().describe("Auto-award: rounds in all before the operators decide."),
    waterfall: z
      .object({
        status: z.enum(WATERFALL_STATUSES),
        position: z.number().int().describe("The step whose turn runs (or ran last)."),
        minutesPerCarrier: z.number().int(),
        turnEndsAt: dateTime.nullable(),
        currentCarrier: z.string().nullable().describe("The carrier user in turn; null once it ended."),
        steps: z.array(stepSchema),
      })
      .nullable(),
  })
  .meta({ id: "AwardRules", description: "An offer's award rules and its waterfall's progress." });

function awardRulesJson(view: AwardRulesView): z.infer<typeof awardRulesSchema> {
  const { rule } = view;
  const running = rule?.waterfallStatus === "running";
  return {
    loadId: view.loadId,
    mode: (rule?.mode ?? "none") as z.infer<typeof awardRulesSchema>["mode"],
    ceiling: rule?.ceilingCents === null || rule?.ceilingCents === undefined ? null : rule.ceilingCents / 100,
    maxRounds: rule?.mode === "auto" ? rule.maxRounds : null,
    waterfall:
      rule?.mode === "waterfall" || (rule?.waterfallStatus && rule.steps.length > 0)
        ? {
            status: (rule.waterfallStatus ?? "opened") as (typeof WATERFALL_STATUSES)[number],
            position: rule.position,
            minutesPerCarrier: rule.minutesPerCarrier ?? 0,
            turnEndsAt: rule.turnEndsAt?.toISOString() ?? null,
            currentCarrier: running
              ? (rule.steps.find((step) => step.position === rule.position)?.userId ?? null)
              : null,
            steps: rule.steps.map((step) => ({
              position: step.position,
              carrierId: step.userId,
              carrierName: view.names.get(step.userId) ?? step.userId,
              status: step.status as (typeof WATERFALL_STEP_STATUSES)[number],
              offeredAt: step.offeredAt?.toISOString() ?? null,
              decidedAt: step.decidedAt?.toISOString() ?? null,
            })),
          }
        : null,
  };
}

const turnSchema = z
  .object({ loadId: z.string(), message: z.string() })
  .meta({ id: "WaterfallTurnAnswer", description: "The carrier's answer to its waterfall turn." });

const TURN_REFUSALS = errors({
  403: AWARD_MESSAGES.notYourTurn,
  404: OFFER_MESSAGES.notFound,
  409: `${AWARD_MESSAGES.turnOver} / ${AWARD_MESSAGES.notYourTurn}`,
});

export const awardRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/offers/:loadId/award-rules",
    access: "admin",
    schema: {
      summary: "Get an offer's award rules",
      description:
        "The award rule of the load's newest offer (none, auto under a ceiling with max rounds, or a " +
        "waterfall) and the waterfall's progress. Operators only.",
      response: { 200: awardRulesSchema, ...errors({ 404: OFFER_MESSAGES.notFound }) },
    },
    handle: async (ctx, { params }) => awardRulesJson(await awardRulesView(ctx, params.loadId)),
  },
  {
    method: "PUT",
    path: "/offers/:loadId/award-rules",
    access: "admin",
    schema: {
      summary: "Set an offer's award rules",
      description:
        "`{ mode: none|auto, ceiling, maxRounds }` on an active offer: auto decides at the current round's " +
        "close. A waterfall is chosen when bidding starts (`awardRules` on POST /offers); setting none or " +
        "auto on a running waterfall opens the offer to all now. Operators only.",
      body: awardRulesInput,
      response: {
        200: awardRulesSchema,
        ...errors(400, {
          404: OFFER_MESSAGES.notFound,
          409: `${AWARD_MESSAGES.waterfallAtStart} / ${OFFER_MESSAGES.notActive}`,
        }),
      },
    },
    handle: async (ctx, { params, body }) => awardRulesJson(await setAwardRules(ctx, params.loadId, body)),
  },
  {
    method: "POST",
    path: "/offers/:loadId/waterfall/accept",
    access: "signedIn",
    schema: {
      summary: "Accept a waterfall turn",
      description:
        "The carrier in turn takes the load at the offered (target) rate: it wins, and the tender " +
        "acceptance step follows (GET /offers/{loadId}/tender). 409 once its turn is over.",
      response: { 200: turnSchema, ...TURN_REFUSALS },
    },
    handle: async (ctx, { params }) => ({
      loadId: (await acceptWaterfallTurn(ctx, params.loadId)).loadId,
      message: AWARD_MESSAGES.accepted,
    }),
  },
  {
    method: "POST",
    path: "/offers/:loadId/waterfall/pass",
    access: "signedIn",
    schema: {
      summary: "Pass on a waterfall turn",
      description:
        "The carrier in turn passes: the next carrier's turn starts, or the offer opens to all carriers. " +
        "409 once its turn is over.",
      response: { 200: turnSchema, ...TURN_REFUSALS },
    },
    handle: async (ctx, { params }) => ({
      loadId: (await passWaterfallTurn(ctx, params.loadId)).loadId,
      message: AWARD_MESSAGES.passed,
    }),
  },
];
