import type { Store } from "../db/kysely.ts";

/** Offers' store: the reads the offer read policy and the live watchers run through the reader. */

/** Which of `offerIds` the user has bid on (one statement for a page's offers). */
export async function offersBidOnRows(
  db: Store,
  userId: string,
  offerIds: readonly string[],
): Promise<Set<string>> {
  if (offerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("Bid")
    .select("offerId")
    .where("userId", "=", userId)
    .where("offerId", "in", offerIds)
    .execute();
  return new Set(rows.map((row) => row.offerId));
}

/** An offer's origin and destination states (what decides who may see it), or null. */
export async function offerStatesRow(
  db: Store,
  offerId: string,
): Promise<{
  originState: string | null;
  destinationState: string | null;
  roundNumber: number;
  status: string;
} | null> {
  const row = await db
    .selectFrom("Offer")
    .select(["originState", "destinationState", "roundNumber", "status"])
    .where("id", "=", offerId)
    .executeTakeFirst();
  return row ?? null;
}
