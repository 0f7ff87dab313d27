import type { Db } from "../db/client.ts";

/** The Load ID each of these offers is for (audit trail links). */
export function offerLoadIdsOf(db: Pick<Db, "offer">, ids: string[]) {
  return db.offer.findMany({
    where: { id: { in: ids } },
    select: { id: true, load: { select: { loadId: true } } },
  });
}
