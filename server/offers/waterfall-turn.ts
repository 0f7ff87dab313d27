import type { Db } from "../db/client.ts";

/** Whether the viewer is the carrier whose waterfall turn runs on this offer (the read rule's question). */
export async function isInWaterfallTurn(db: Pick<Db, "waterfallStep">, offerId: string, userId: string) {
  const step = await db.waterfallStep.findFirst({
    where: { offerId, userId, status: "offered" },
    select: { id: true },
  });
  return step !== null;
}
