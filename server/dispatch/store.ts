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
