import { formatInZone, formatWindow } from "../../common/loads/appointments.ts";
import type { MilestoneSource } from "../../common/loads/milestones.ts";
import type { StopType } from "../../common/loads/values.ts";
import { builder } from "../builder.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { StopTypeEnum } from "../graphql/stops.ts";
import { facilityTimeZone } from "../nass/time-zone.ts";
import { LoadType } from "./schema.ts";
import { loadForQuery } from "./service.ts";
import {
  acceptStopDetention,
  DETENTION_SELECT,
  type DetentionProposal,
  detentionProposalOf,
  isOperator,
  loadDetentionProposals,
  loadStopVisits,
  markStopVisit,
  type StopWithFacility,
} from "./stop-visits.ts";
import { MilestoneSourceEnum } from "./timeline-schema.ts";

const STOP_TEXT = {
  appointmentFrom: "The appointment (window start): an instant, shown on the facility's clock.",
  appointmentTo: "The appointment window's end; null with a from: a fixed appointment time.",
  timeZone: "The facility's IANA time zone (from its coordinates); null when it has none.",
  appointmentText:
    "The window on the facility's clock with the zone, e.g. '03/14/2027 08:00 MDT – 10:00 MDT'.",
  arrivedAt: "When the truck reached the facility (geofence or marked by a person).",
  arrivedSource: "Who or what recorded the arrival.",
  departedAt: "When the truck left the facility.",
  departedSource: "Who or what recorded the departure.",
} as const;

const DetentionStatusEnum = builder.enumType("DetentionStatus", {
  description: "Where a stop's detention charge stands.",
  values: {
    PROPOSED: {
      value: "proposed",
      description: "Dwell beyond the free time proposes it; an operator may accept it.",
    },
    ACCEPTED: { value: "accepted", description: "An operator accepted it (its amount is kept)." },
  } as const,
});

const DetentionProposalRef = builder.objectRef<DetentionProposal>("DetentionProposal").implement({
  description:
    "A detention charge a stop's dwell proposes: departed - max(arrived, appointment from) beyond the free time " +
    "(DETENTION_FREE_MINUTES, 120), each begun quarter hour at DETENTION_RATE_CENTS_PER_HOUR (7500).",
  fields: (t) => ({
    stopId: t.exposeID("stopId", { description: "The LoadStop's database id." }),
    sequence: t.exposeInt("sequence", { description: "The stop's sequence." }),
    facilityCode: t.exposeString("facilityCode", { nullable: true, description: "The stop's NASS code." }),
    status: t.field({
      type: DetentionStatusEnum,
      description: "Proposed or accepted.",
      resolve: (d) => d.status,
    }),
    startedAt: t.expose("startedAt", { type: "DateTime", description: "When the clock started." }),
    dwellMinutes: t.exposeInt("dwellMinutes", {
      description: "Minutes from the clock's start to the departure.",
    }),
    freeMinutes: t.exposeInt("freeMinutes", { description: "Minutes of dwell that are free." }),
    hoursOver: t.exposeFloat("hoursOver", {
      description: "Billable hours beyond the free time (quarter hours).",
    }),
    rateCentsPerHour: t.exposeInt("rateCentsPerHour", { description: "The hourly rate in cents." }),
    amountCents: t.exposeInt("amountCents", {
      description: "The charge in cents (once accepted: the amount accepted).",
    }),
    acceptedAt: t.expose("acceptedAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was accepted.",
    }),
  }),
});

builder.prismaObjectFields("LoadStop", (t) => ({
  appointmentFrom: t.expose("appointmentFrom", {
    type: "DateTime",
    nullable: true,
    description: STOP_TEXT.appointmentFrom,
  }),
  appointmentTo: t.expose("appointmentTo", {
    type: "DateTime",
    nullable: true,
    description: STOP_TEXT.appointmentTo,
  }),
  timeZone: t.string({
    nullable: true,
    description: STOP_TEXT.timeZone,
    select: { nassCode: { select: { latitude: true, longitude: true } } },
    resolve: (stop) => (stop.nassCode ? facilityTimeZone(stop.nassCode) : null),
  }),
  appointmentText: t.string({
    nullable: true,
    description: STOP_TEXT.appointmentText,
    select: {
      appointmentFrom: true,
      appointmentTo: true,
      nassCode: { select: { latitude: true, longitude: true } },
    },
    resolve: (stop) =>
      formatWindow(
        stop.appointmentFrom,
        stop.appointmentTo,
        stop.nassCode ? facilityTimeZone(stop.nassCode) : null,
      ),
  }),
  arrivedAt: t.expose("arrivedAt", { type: "DateTime", nullable: true, description: STOP_TEXT.arrivedAt }),
  arrivedSource: t.field({
    type: MilestoneSourceEnum,
    nullable: true,
    description: STOP_TEXT.arrivedSource,
    select: { arrivedSource: true },
    resolve: (stop) => stop.arrivedSource as MilestoneSource | null,
  }),
  departedAt: t.expose("departedAt", { type: "DateTime", nullable: true, description: STOP_TEXT.departedAt }),
  departedSource: t.field({
    type: MilestoneSourceEnum,
    nullable: true,
    description: STOP_TEXT.departedSource,
    select: { departedSource: true },
    resolve: (stop) => stop.departedSource as MilestoneSource | null,
  }),
  detention: t.field({
    type: DetentionProposalRef,
    nullable: true,
    description: "The detention charge this stop's dwell proposes (or that was accepted); null when none.",
    select: DETENTION_SELECT,
    resolve: (stop, _args, ctx) => detentionProposalOf(stop, ctx.config.detention),
  }),
}));

builder.objectField(LoadType, "detentionProposals", (t) =>
  t.field({
    type: [DetentionProposalRef],
    description: "Detention charges the stops' dwell proposes (and accepted ones), by stop sequence.",
    authScopes: { admin: true },
    resolve: (load, _args, ctx) => loadDetentionProposals(ctx, load.id),
  }),
);

/** A stop as its load's parties read it: operators and the load's carrier side (carrier screens). */
const LoadStopVisitRef = builder.objectRef<StopWithFacility>("LoadStopVisit").implement({
  description:
    "A stop of a load as operators and the load's carrier read it: facility, appointment on the facility's " +
    "clock, arrival and departure.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The LoadStop's database id (a list key)." }),
    sequence: t.exposeInt("sequence", { description: "The stop's place in the load's order of stops." }),
    type: t.field({
      type: StopTypeEnum,
      description: "Pickup, stop or delivery.",
      resolve: (s) => s.type as StopType,
    }),
    facilityCode: t.string({
      nullable: true,
      description: "The NASS code.",
      resolve: (s) => s.nassCode?.code ?? null,
    }),
    facilityName: t.string({
      nullable: true,
      description: "The facility's name.",
      resolve: (s) => s.nassCode?.facilityName ?? null,
    }),
    city: t.string({
      nullable: true,
      description: "The facility's city.",
      resolve: (s) => s.nassCode?.city ?? null,
    }),
    state: t.string({
      nullable: true,
      description: "The facility's state.",
      resolve: (s) => s.nassCode?.state ?? null,
    }),
    timeZone: t.string({
      nullable: true,
      description: STOP_TEXT.timeZone,
      resolve: (s) => (s.nassCode ? facilityTimeZone(s.nassCode) : null),
    }),
    appointmentFrom: t.expose("appointmentFrom", {
      type: "DateTime",
      nullable: true,
      description: STOP_TEXT.appointmentFrom,
    }),
    appointmentTo: t.expose("appointmentTo", {
      type: "DateTime",
      nullable: true,
      description: STOP_TEXT.appointmentTo,
    }),
    appointmentText: t.string({
      nullable: true,
      description: STOP_TEXT.appointmentText,
      resolve: (s) =>
        formatWindow(s.appointmentFrom, s.appointmentTo, s.nassCode ? facilityTimeZone(s.nassCode) : null),
    }),
    arrivedAt: t.expose("arrivedAt", { type: "DateTime", nullable: true, description: STOP_TEXT.arrivedAt }),
    arrivedText: t.string({
      nullable: true,
      description: "The arrival on the facility's clock with the zone.",
      resolve: (s) => formatInZone(s.arrivedAt, s.nassCode ? facilityTimeZone(s.nassCode) : null),
    }),
    arrivedSource: t.field({
      type: MilestoneSourceEnum,
      nullable: true,
      description: STOP_TEXT.arrivedSource,
      resolve: (s) => s.arrivedSource as MilestoneSource | null,
    }),
    departedAt: t.expose("departedAt", {
      type: "DateTime",
      nullable: true,
      description: STOP_TEXT.departedAt,
    }),
    departedText: t.string({
      nullable: true,
      description: "The departure on the facility's clock with the zone.",
      resolve: (s) => formatInZone(s.departedAt, s.nassCode ? facilityTimeZone(s.nassCode) : null),
    }),
    departedSource: t.field({
      type: MilestoneSourceEnum,
      nullable: true,
      description: STOP_TEXT.departedSource,
      resolve: (s) => s.departedSource as MilestoneSource | null,
    }),
  }),
});

builder.queryField("loadStopVisits", (t) =>
  t.field({
    type: [LoadStopVisitRef],
    description:
      "A load's stops by its load id, by sequence: for operators and the carrier the load was awarded to " +
      "(anyone else: 'Load not found').",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's id (e.g. L-1001)." }) },
    resolve: async (_root, args, ctx) => (await loadStopVisits(ctx, args.loadId)).stops,
  }),
);

const StopVisitKindEnum = builder.enumType("StopVisitKind", {
  description: "What a person marks at a stop.",
  values: {
    ARRIVED: { value: "arrived", description: "The truck reached the facility." },
    DEPARTED: { value: "departed", description: "The truck left the facility." },
  } as const,
});

const MarkLoadStopVisitInput = builder.inputType("MarkLoadStopVisitInput", {
  description: "A stop of a load and what happened there.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's id (e.g. L-1001)." }),
    sequence: t.int({ required: true, description: "The stop's sequence." }),
    visit: t.field({ type: StopVisitKindEnum, required: true, description: "Arrived or departed." }),
    at: t.field({ type: "DateTime", description: "When it happened; left out: now. Never in the future." }),
  }),
});

const LoadStopChangePayload = (name: string, description: string) =>
  builder.objectRef<{ loadDbId: string; stop: StopWithFacility }>(name).implement({
    description,
    fields: (t) => ({
      stop: t.field({
        type: LoadStopVisitRef,
        description: "The stop after the change.",
        resolve: (p) => p.stop,
      }),
      load: t.prismaField({
        type: LoadType,
        nullable: true,
        description: "The load after the change (operators; null for the carrier side).",
        resolve: (query, payload, _args, ctx) =>
          isOperator(ctx) ? loadForQuery(ctx.db, payload.loadDbId, query) : null,
      }),
    }),
  });

const LoadStopAcceptPayload = builder
  .objectRef<{ loadDbId: string; stop: StopWithFacility }>("AcceptLoadStopDetentionPayload")
  .implement({
    description: "The load after an operator accepted a stop's detention.",
    fields: (t) => ({
      stop: t.field({
        type: LoadStopVisitRef,
        description: "The stop after the change.",
        resolve: (p) => p.stop,
      }),
      load: t.prismaField({
        type: LoadType,
        description: "The load after the change.",
        resolve: (query, payload, _args, ctx) => loadForQuery(ctx.db, payload.loadDbId, query),
      }),
    }),
  });

const AcceptLoadStopDetentionInput = builder.inputType("AcceptLoadStopDetentionInput", {
  description: "The stop whose detention proposal is accepted.",
  fields: (t) => ({
    loadId: t.string({ required: true, description: "The load's id (e.g. L-1001)." }),
    sequence: t.int({ required: true, description: "The stop's sequence." }),
  }),
});

builder.mutationFields((t) => ({
  markLoadStopVisit: t.field({
    type: LoadStopChangePayload("MarkLoadStopVisitPayload", "The stop after a person marked it."),
    description:
      "Marks a stop arrived or departed by hand (milestone with source user); status follows as for the " +
      "geofence. Operators and the load's carrier side.",
    authScopes: { authenticated: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: MarkLoadStopVisitInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      markStopVisit(ctx, input.loadId, input.sequence, input.visit, { at: input.at ?? undefined }),
  }),
  acceptLoadStopDetention: t.field({
    type: LoadStopAcceptPayload,
    description: "Accepts a stop's detention proposal: its amount now is kept on the stop. Operators.",
    authScopes: { admin: true },
    errors: { types: MUTATION_ERRORS },
    args: { input: t.arg({ type: AcceptLoadStopDetentionInput, required: true }) },
    resolve: (_root, { input }, ctx) => acceptStopDetention(ctx, input.loadId, input.sequence),
  }),
}));
