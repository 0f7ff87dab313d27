/** The steps of a load's life, in the order they usually happen (its timeline). */
export const LOAD_MILESTONES = [
  "covered",
  "tender_accepted",
  "dispatched",
  "arrived",
  "departed",
  "delivered",
  "pod_received",
  "invoiced",
  "paid",
  "cancelled",
] as const;
export type LoadMilestoneKind = (typeof LOAD_MILESTONES)[number];

/** Who or what set a milestone. */
export const MILESTONE_SOURCES = ["user", "geofence", "driver_app", "upload", "system"] as const;
export type MilestoneSource = (typeof MILESTONE_SOURCES)[number];

export const MILESTONE_LABELS: Record<LoadMilestoneKind, string> = {
  covered: "Covered (winner confirmed)",
  tender_accepted: "Tender accepted",
  dispatched: "Dispatched",
  arrived: "Arrived",
  departed: "Departed",
  delivered: "Delivered",
  pod_received: "POD received",
  invoiced: "Invoiced",
  paid: "Paid",
  cancelled: "Cancelled",
};

export const MILESTONE_SOURCE_LABELS: Record<MilestoneSource, string> = {
  user: "by a person",
  geofence: "by the geofence",
  driver_app: "from the driver app",
  upload: "by an upload",
  system: "by the system",
};

/** The milestone an operator's status change means (pending means none). */
export function milestoneOfStatus(status: string): LoadMilestoneKind | null {
  if (status === "delivered") return "delivered";
  if (status === "cancelled") return "cancelled";
  return null;
}
