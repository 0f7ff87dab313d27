import { AWARD_MESSAGES, WATERFALL_STATUSES, WATERFALL_STEP_STATUSES } from "../../common/award.ts";
import { builder } from "../builder.ts";
import type { OfferAwardRule, WaterfallStep } from "../generated/sqlite/client.ts";
import { describedValues } from "../graphql/described-values.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { decodeGlobalIdOf } from "../graphql/ids.ts";
import { carrierUserNames } from "../users/marketplace-reads.ts";
import { setAwardRules } from "./award.ts";
import { AwardModeEnum, AwardRulesInputRef, awardRulesFromGraphQL } from "./award-input.ts";
import { OfferType } from "./schema.ts";
import { acceptWaterfallTurn, passWaterfallTurn } from "./waterfall-turns.ts";

const WaterfallStatusEnum = builder.enumType("WaterfallStatus", {
  description: "Where an offer's waterfall stands.",
  values: describedValues(WATERFALL_STATUSES, {
    running: "A carrier's turn runs.",
    accepted: "The carrier in turn accepted the load.",
    opened: "No carrier took it in turn (or an operator stopped it): the offer opened to all.",
  }),
});

const WaterfallStepStatusEnum = builder.enumType("WaterfallStepStatus", {
  description: "Where one carrier's waterfall turn stands.",
  values: describedValues(WATERFALL_STEP_STATUSES, {
    waiting: "Not reached yet.",
    offered: "The carrier's turn runs now.",
    accepted: "The carrier accepted the load.",
    passed: "The carrier passed.",
    expired: "The turn's time ran out.",
    skipped: "Never reached: the waterfall ended before it.",
  }),
});

/** Carrier display names for a page's steps, one statement per tick. */
const carrierName = {
  type: "String",
  load: async (ids: string[], ctx: { db: Parameters<typeof carrierUserNames>[0] }) => {
    const names = await carrierUserNames(ctx.db, ids);
    return ids.map((id) => names.get(id) ?? "Carrier");
  },
} as const;

const WaterfallStepType = builder.prismaObject("WaterfallStep", {
  description: "One carrier's turn in an offer's waterfall.",
  fields: (t) => ({
    position: t.exposeInt("position", { description: "The turn's place, from 0." }),
    carrierId: t.id({
      description: "The carrier User's global id.",
      resolve: (step) => Buffer.from(`User:${step.userId}`).toString("base64"),
    }),
    carrierName: t.loadable({
      ...carrierName,
      description: "The carrier's company name (else its name or e-mail).",
      resolve: (step) => step.userId,
    }),
    status: t.field({
      type: WaterfallStepStatusEnum,
      description: "waiting, offered, accepted, passed, expired or skipped.",
      resolve: (step) => step.status as (typeof WATERFALL_STEP_STATUSES)[number],
    }),
    offeredAt: t.expose("offeredAt", {
      type: "DateTime",
      nullable: true,
      description: "When the turn began.",
    }),
    decidedAt: t.expose("decidedAt", {
      type: "DateTime",
      nullable: true,
      description: "When the turn ended.",
    }),
  }),
});

const AwardRulesType = builder.prismaObject("OfferAwardRule", {
  name: "AwardRules",
  description: "An offer's award rule (an offer without one is awarded by an operator).",
  fields: (t) => ({
    mode: t.field({
      type: AwardModeEnum,
      description: "auto or waterfall (a waterfall stopped by an operator may read auto).",
      resolve: (rule) => rule.mode as "auto" | "waterfall",
    }),
    ceiling: t.float({
      nullable: true,
      description: "auto: the highest amount it may award, in dollars.",
      resolve: (rule) => (rule.ceilingCents === null ? null : rule.ceilingCents / 100),
    }),
    maxRounds: t.exposeInt("maxRounds", {
      nullable: true,
      description: "auto: rounds in all before the operators are told to decide.",
    }),
  }),
});

const WaterfallType = builder.prismaObject("OfferAwardRule", {
  variant: "Waterfall",
  description: "An offer's waterfall: the carriers it is offered to in turn, and where it stands.",
  fields: (t) => ({
    status: t.field({
      type: WaterfallStatusEnum,
      description: "running, accepted or opened.",
      resolve: (rule) => (rule.waterfallStatus ?? "opened") as (typeof WATERFALL_STATUSES)[number],
    }),
    position: t.exposeInt("position", { description: "The step whose turn runs (or ran last), from 0." }),
    minutesPerCarrier: t.int({
      description: "Each carrier's turn, in minutes.",
      resolve: (rule) => rule.minutesPerCarrier ?? 0,
    }),
    turnEndsAt: t.expose("turnEndsAt", {
      type: "DateTime",
      nullable: true,
      description: "When the running turn ends; null once the waterfall ended.",
    }),
    currentCarrier: t.field({
      type: WaterfallStepType,
      nullable: true,
      description: "The turn that runs now (its carrier); null once the waterfall ended.",
      select: { steps: { where: { status: "offered" }, take: 1 } },
      resolve: (rule) =>
        rule.waterfallStatus === "running"
          ? ((rule as unknown as { steps: WaterfallStep[] }).steps[0] ?? null)
          : null,
    }),
    steps: t.relation("steps", {
      description: "The turns, in order.",
      query: { orderBy: { position: "asc" }, take: 10 },
    }),
  }),
});

builder.prismaObjectFields(OfferType, (t) => ({
  awardRules: t.relation("awardRule", {
    type: AwardRulesType,
    nullable: true,
    authScopes: { admin: true },
    description: "The offer's award rule; null when an operator awards it.",
  }),
  waterfall: t.field({
    type: WaterfallType,
    nullable: true,
    authScopes: { admin: true },
    description: "The offer's waterfall and its progress; null without one.",
    select: (_args, _ctx, nestedSelection) => ({ awardRule: nestedSelection(true) }),
    resolve: (offer) => {
      const rule = (offer as unknown as { awardRule: OfferAwardRule | null }).awardRule;
      return rule?.waterfallStatus ? rule : null;
    },
  }),
  waterfallTurnEndsAt: t.field({
    type: "DateTime",
    nullable: true,
    description:
      "For the carrier in turn: until when the load is offered to it at the offered rate (Accept / Pass); null otherwise.",
    select: (_args, ctx) => ({
      awardRule: {
        select: {
          waterfallStatus: true,
          turnEndsAt: true,
          steps: {
            where: { userId: ctx.viewer?.id ?? "", status: "offered" },
            take: 1,
            select: { id: true },
          },
        },
      },
    }),
    resolve: (offer) => {
      const rule = (
        offer as unknown as {
          awardRule: {
            waterfallStatus: string | null;
            turnEndsAt: Date | null;
            steps: { id: string }[];
          } | null;
        }
      ).awardRule;
      return rule?.waterfallStatus === "running" && rule.steps.length > 0 ? rule.turnEndsAt : null;
    },
  }),
  waterfallRate: t.float({
    nullable: true,
    description: "For the carrier in turn: the rate the load is offered at, in dollars; null otherwise.",
    select: (_args, ctx) => ({
      targetRateCents: true,
      awardRule: {
        select: {
          waterfallStatus: true,
          steps: {
            where: { userId: ctx.viewer?.id ?? "", status: "offered" },
            take: 1,
            select: { id: true },
          },
        },
      },
    }),
    resolve: (offer) => {
      const rule = (
        offer as unknown as { awardRule: { waterfallStatus: string | null; steps: unknown[] } | null }
      ).awardRule;
      return rule?.waterfallStatus === "running" && rule.steps.length > 0 && offer.targetRateCents !== null
        ? offer.targetRateCents / 100
        : null;
    },
  }),
}));

const AwardPayload = builder.objectRef<{ offerId: string }>("AwardRulesPayload").implement({
  description: "The offer after its award rules or waterfall changed.",
  fields: (t) => ({
    offer: t.prismaField({
      type: OfferType,
      description: "The changed offer.",
      resolve: (query, payload, _args, ctx) =>
        ctx.db.offer.findUniqueOrThrow({ ...query, where: { id: payload.offerId } }),
    }),
  }),
});

const SetAwardRulesInput = builder.inputType("SetAwardRulesInput", {
  description: "An active offer and its new award rules.",
  fields: (t) => ({
    offerId: t.id({ required: true, description: "The Offer's global id." }),
    rules: t.field({
      type: AwardRulesInputRef,
      required: true,
      description: "none or auto (a waterfall is set at start).",
    }),
  }),
});

const WaterfallTurnInput = builder.inputType("WaterfallTurnInput", {
  description: "The offer whose waterfall turn the carrier answers.",
  fields: (t) => ({
    offerId: t.id({ required: true, description: "The Offer's global id." }),
  }),
});

const offerId = (id: string | number) => decodeGlobalIdOf("Offer", id);

builder.mutationFields((t) => ({
  setAwardRules: t.field({
    type: AwardPayload,
    description: `Sets none or auto-award on an active offer. ${AWARD_MESSAGES.waterfallAtStart}`,
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: SetAwardRulesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      offerId: (await setAwardRules(ctx, offerId(input.offerId), awardRulesFromGraphQL(input.rules))).offerId,
    }),
  }),
  acceptWaterfallTurn: t.field({
    type: AwardPayload,
    description: "The carrier in turn takes the load at the offered rate; the tender step follows.",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: WaterfallTurnInput, required: true }) },
    resolve: async (_root, { input }, ctx) => acceptWaterfallTurn(ctx, offerId(input.offerId)),
  }),
  passWaterfallTurn: t.field({
    type: AwardPayload,
    description: "The carrier in turn passes: the next carrier's turn starts, or the offer opens to all.",
    authScopes: { carrier: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: WaterfallTurnInput, required: true }) },
    resolve: async (_root, { input }, ctx) => passWaterfallTurn(ctx, offerId(input.offerId)),
  }),
}));
