import { TRIP_LINK_DAYS_AFTER_DELIVERY } from "../../common/driver.ts";
import type { LoadMilestoneKind, MilestoneSource } from "../../common/loads/milestones.ts";
import { stagesBefore } from "../../common/loads/stages.ts";
import type { Db } from "../db/client.ts";
import type { LoadMilestone } from "../generated/sqlite/client.ts";
import { port } from "../lib/port.ts";

type MilestoneDb = Pick<Db, "loadMilestone">;
type MilestoneWriter = Pick<Db, "loadMilestone" | "load">;

/**
 * Delivery ends the driver's trip: dispatch's trip links of the load stop working 7 days after it
 * (dispatch owns TripLink and imports loads, so it plugs this in: server/wiring.ts).
 */
export const tripLinksOnDelivery =
  port<(tx: Pick<Db, "tripLink">, loadDbIds: string[], until: Date) => Promise<number>>(
    "dispatch's trip links",
  );

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
export async function recordMilestones(tx: MilestoneWriter, entries: readonly NewMilestone[]): Promise<void> {
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
  await advanceStages(tx, entries);
  // Every caller's transaction is a whole Prisma client (its type names what milestones need).
  const tripLink = (tx as Partial<Pick<Db, "tripLink">>).tripLink;
  for (const entry of entries) {
    if (entry.milestone !== "delivered" || !tripLink) continue;
    const until = new Date((entry.at ?? new Date()).getTime() + TRIP_LINK_DAYS_AFTER_DELIVERY * 86_400_000);
    await tripLinksOnDelivery.use({ tripLink }, [entry.loadDbId], until);
  }
}

/**
 * Moves each load's stage forward to the furthest milestone recorded; the conditional update keeps
 * it monotonic under concurrent milestones without reading first (a late 'arrived' never moves an
 * 'in transit' load back).
 */
async function advanceStages(tx: MilestoneWriter, entries: readonly NewMilestone[]): Promise<void> {
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = `${entry.loadDbId} ${entry.milestone}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await tx.load.updateMany({
      where: { id: entry.loadDbId, stage: { in: stagesBefore(entry.milestone) } },
      data: { stage: entry.milestone },
    });
  }
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
