import type { Db } from "../../db/client.ts";

/** An upload batch that wrote a load: the one that created it, or one that updated it. */
export interface LoadUploadTouch {
  batchId: string;
  kind: "created" | "updated";
}

/** A load's History shows at most this many uploads, the newest. */
const MAX_TOUCHES = 100;

/**
 * Which uploads wrote a load: the LoadUploadTouch rows database triggers leave whenever an upload
 * sets the load's `uploadBatchId` (inserted or updated), whatever path wrote it. The touch made when
 * the load was inserted (same instant as its creation) is "created"; the others "updated".
 */
export async function uploadsOfLoad(
  db: Pick<Db, "load" | "loadUploadTouch">,
  loadDbId: string,
): Promise<LoadUploadTouch[]> {
  const load = await db.load.findUnique({ where: { id: loadDbId }, select: { createdAt: true } });
  if (!load) return [];
  const touches = await db.loadUploadTouch.findMany({
    where: { loadId: loadDbId },
    select: { batchId: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { batchId: "desc" }],
    take: MAX_TOUCHES,
  });
  return touches.reverse().map((touch) => ({
    batchId: touch.batchId,
    kind: touch.createdAt.getTime() === load.createdAt.getTime() ? "created" : "updated",
  }));
}
