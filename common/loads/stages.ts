import { LOAD_MILESTONES, type LoadMilestoneKind } from "./milestones.ts";

/**
 * Where a load is in its life, for the load list's Stage column and filter: the furthest milestone
 * it reached (in LOAD_MILESTONES order), `open` before any, and `cancelled` over everything.
 */
export const LOAD_STAGES = ["open", ...LOAD_MILESTONES] as const;
export type LoadStage = (typeof LOAD_STAGES)[number];

export const STAGE_LABELS: Record<LoadStage, string> = {
  open: "Open",
  covered: "Covered",
  tender_accepted: "Tender accepted",
  dispatched: "Dispatched",
  arrived: "At pickup",
  departed: "In transit",
  delivered: "Delivered",
  pod_received: "POD received",
  invoiced: "Invoiced",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** The stages a milestone moves a load past: the load takes the milestone's stage only from these. */
export function stagesBefore(milestone: LoadMilestoneKind): LoadStage[] {
  if (milestone === "cancelled") return LOAD_STAGES.filter((stage) => stage !== "cancelled");
  const rank = LOAD_STAGES.indexOf(milestone);
  return LOAD_STAGES.slice(0, rank);
}

/** The stage a timeline leads to (its milestones in any order). */
export function stageOf(milestones: readonly LoadMilestoneKind[]): LoadStage {
  if (milestones.includes("cancelled")) return "cancelled";
  let stage: LoadStage = "open";
  for (const milestone of milestones) {
    if (LOAD_STAGES.indexOf(milestone) > LOAD_STAGES.indexOf(stage)) stage = milestone;
  }
  return stage;
}
