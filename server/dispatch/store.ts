import type { Db } from "../db/client.ts";
import type { TripLink } from "../generated/sqlite/client.ts";

type TripLinkDb = Pick<Db, "tripLink">;

/** Ends every live link of the load (a new dispatch replaces the driver). */
export async function revokeTripLinks(tx: TripLinkDb, loadDbId: string, at = new Date()): Promise<number> {
  const { count } = await tx.tripLink.updateMany({
    where: { loadId: loadDbId, revokedAt: null },
    data: { revokedAt: at },
  });
  return count;
}

/** Ends every live link of the load, answering their ids (their sessions end with them). */
export async function revokeLiveTripLinks(
  tx: TripLinkDb,
  loadDbId: string,
  at = new Date(),
): Promise<string[]> {
  const live = await tx.tripLink.findMany({
    where: { loadId: loadDbId, revokedAt: null },
    select: { id: true },
    take: 100,
  });
  if (live.length === 0) return [];
  await tx.tripLink.updateMany({
    where: { id: { in: live.map((link) => link.id) }, revokedAt: null },
    data: { revokedAt: at },
  });
  return live.map((link) => link.id);
}

export function insertTripLink(
  tx: TripLinkDb,
  link: Pick<TripLink, "loadId" | "tokenHash" | "driverName" | "driverPhone" | "createdById" | "expiresAt">,
): Promise<TripLink> {
  return tx.tripLink.create({ data: link });
}

/** The link a token opens, when it is neither revoked nor expired. */
export function liveTripLink(db: TripLinkDb, tokenHash: string, now = new Date()): Promise<TripLink | null> {
  return db.tripLink.findFirst({ where: { tokenHash, revokedAt: null, expiresAt: { gt: now } } });
}

/** The load's current link (the latest live one), for the dispatch's own screen. */
export function currentTripLink(
  db: TripLinkDb,
  loadDbId: string,
  now = new Date(),
): Promise<TripLink | null> {
  return db.tripLink.findFirst({
    where: { loadId: loadDbId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
  });
}

/** A link by its id with its load's public id: the trip viewer's check on every request. */
export function tripLinkById(db: TripLinkDb, id: string) {
  return db.tripLink.findUnique({ where: { id }, include: { load: { select: { loadId: true } } } });
}

/** The link a token opens when live, with its load's public id (the session exchange). */
export function liveTripLinkWithLoad(db: TripLinkDb, tokenHash: string, now = new Date()) {
  return db.tripLink.findFirst({
    where: { tokenHash, revokedAt: null, expiresAt: { gt: now } },
    include: { load: { select: { loadId: true } } },
  });
}

/** The newest live link of each of these loads. */
export async function liveTripLinksOfLoads(
  db: TripLinkDb,
  loadDbIds: readonly string[],
  now = new Date(),
): Promise<Map<string, TripLink>> {
  if (loadDbIds.length === 0) return new Map();
  const rows = await db.tripLink.findMany({
    where: { loadId: { in: [...loadDbIds] }, revokedAt: null, expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: loadDbIds.length * 4,
  });
  const byLoad = new Map<string, TripLink>();
  for (const row of rows) if (!byLoad.has(row.loadId)) byLoad.set(row.loadId, row);
  return byLoad;
}

/**
 * The live links (one per load: a dispatch revokes the previous) of loads not yet delivered or
 * cancelled, newest first, at most `take`: every
 * one (operators), or those of one carrier side (the carrier user who won the load, or any user
 * of the carrier company it went to).
 */
export function openTripLinks(
  db: TripLinkDb,
  side: { userId: string; carrierId: string | null } | "all",
  take: number,
  now = new Date(),
): Promise<TripLink[]> {
  const parties =
    side === "all"
      ? {}
      : {
          OR: [{ assignedUserId: side.userId }, ...(side.carrierId ? [{ carrierId: side.carrierId }] : [])],
        };
  return db.tripLink.findMany({
    where: {
      revokedAt: null,
      expiresAt: { gt: now },
      load: { status: { in: ["pending", "in_transit"] }, ...parties },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}

/** Delivery ends the trip: each live link of these loads stops working by `until` at the latest. */
export async function shortenTripLinks(
  tx: TripLinkDb,
  loadDbIds: readonly string[],
  until: Date,
): Promise<number> {
  if (loadDbIds.length === 0) return 0;
  const { count } = await tx.tripLink.updateMany({
    where: { loadId: { in: [...loadDbIds] }, revokedAt: null, expiresAt: { gt: until } },
    data: { expiresAt: until },
  });
  return count;
}
