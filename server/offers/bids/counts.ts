import type { Db } from "../../db/client.ts";

/** How many bids a user placed, by bid status (active, winner, loser, folded): the users domain's rating reads it. */
export async function bidCountsByStatus(db: Pick<Db, "bid">, userId: string): Promise<Map<string, number>> {
  const grouped = await db.bid.groupBy({ by: ["status"], where: { userId }, _count: { _all: true } });
  return new Map(grouped.map((row) => [row.status, row._count._all]));
}
