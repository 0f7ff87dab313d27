import {
  LOAD_MILESTONES,
  type LoadMilestoneKind,
  MILESTONE_LABELS,
  MILESTONE_SOURCE_LABELS,
  MILESTONE_SOURCES,
  type MilestoneSource,
} from "../../common/loads/milestones.ts";
import { builder } from "../builder.ts";
import type { LoadMilestone } from "../generated/sqlite/client.ts";
import { LoadType } from "./schema.ts";
import { loadTimeline } from "./timeline.ts";
import { setterName } from "./timeline-json.ts";

type Step = LoadMilestone & { by?: { email: string; fullName: string | null } | null };

const MilestoneKind = builder.enumType("LoadMilestoneKind", {
  description: "A step of a load's life.",
  values: Object.fromEntries(
    LOAD_MILESTONES.map((kind) => [kind.toUpperCase(), { value: kind, description: MILESTONE_LABELS[kind] }]),
  ) as Record<string, { value: LoadMilestoneKind; description: string }>,
});

export const MilestoneSourceEnum = builder.enumType("LoadMilestoneSource", {
  description: "Who or what set a milestone.",
  values: Object.fromEntries(
    MILESTONE_SOURCES.map((source) => [
      source.toUpperCase(),
      { value: source, description: `Set ${MILESTONE_SOURCE_LABELS[source]}.` },
    ]),
  ) as Record<string, { value: MilestoneSource; description: string }>,
});

const LoadMilestoneRef = builder.objectRef<Step>("LoadMilestone").implement({
  description: "A step of a load's life: when, what, and who or what set it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The step's own id (a list key; not a Node)." }),
    milestone: t.field({
      type: MilestoneKind,
      description: "Which step.",
      resolve: (step) => step.milestone as LoadMilestoneKind,
    }),
    at: t.field({ type: "DateTime", description: "When it happened.", resolve: (step) => step.at }),
    source: t.field({
      type: MilestoneSourceEnum,
      description: "Who or what set it.",
      resolve: (step) => step.source as MilestoneSource,
    }),
    by: t.string({
      nullable: true,
      description: "Who set it: a name for operators, 'You' for a carrier's own steps, else null.",
      resolve: (step, _args, ctx) => setterName(step, ctx.viewer),
    }),
    detail: t.string({
      nullable: true,
      description: "What it concerns (a stop, a file), when anything.",
      resolve: (step) => step.detail,
    }),
  }),
});

builder.objectField(LoadType, "timeline", (t) =>
  t.field({
    type: [LoadMilestoneRef],
    description: "The load's milestones, oldest first.",
    authScopes: { admin: true },
    resolve: async (load, _args, ctx) => (await loadTimeline(ctx, load.id)).milestones,
  }),
);

builder.queryField("loadTimeline", (t) =>
  t.field({
    type: [LoadMilestoneRef],
    description:
      "A load's milestones by its load id, oldest first: for operators and the carrier the load was awarded " +
      "to (anyone else: 'Load not found').",
    authScopes: { authenticated: true },
    args: { loadId: t.arg.string({ required: true, description: "The load's id (e.g. L-1001)." }) },
    resolve: async (_root, args, ctx) => (await loadTimeline(ctx, args.loadId)).milestones,
  }),
);
