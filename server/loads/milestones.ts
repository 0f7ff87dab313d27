import type { LoadMilestoneKind, MilestoneSource } from "../../common/loads/milestones.ts";
import type { Db } from "../db/client.ts";
import type { LoadMilestone } from "../generated/sqlite/client.ts";

type MilestoneDb = Pick<Db, "loadMilestone">;

export interface NewMilestone {
  loadDbId: string;
  milestone: LoadMilestoneKind;
  source: MilestoneSource;
  byUserId?: string | null;
  at?: Date;
  detail?: string | null;
}

/**
 * Records steps of loads' lives, inside the caller's transaction (the change that caused them
 * commits with them, or neither does). Other domains call it: offers (covered), documents (POD).
 */
export async function recordMilestones(tx: MilestoneDb, entries: readonly NewMilestone[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.loadMilestone.createMany({
    data: entries.map((entry) => ({
      loadId: entry.loadDbId,
      milestone: entry.milestone,
      source: entry.source,
      byUserId: entry.byUserId ?? null,
      at: entry.at ?? new Date(),
      detail: entry.detail ?? null,
    })),
  });
}

/** A load's timeline, oldest first: a load has a few dozen steps at most, bounded here anyway. */
export function timelineOf(
  db: MilestoneDb,
  loadDbId: string,
  query: object = {},
): Promise<(LoadMilestone & { by?: { email: string; fullName: string | null } | null })[]> {
  return db.loadMilestone.findMany({
    include: { by: { select: { email: true, fullName: true } } },
    ...query,
    where: { loadId: loadDbId },
    orderBy: [{ at: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: 500,
  });
}
