import type { Db } from "../../db/client.ts";

/** An upload batch that touched a load: the one that created it, or the last one that updated it. */
export interface LoadUploadTouch {
  batchId: string;
  kind: "created" | "updated";
}

/**
 * Which uploads touched a load, read from what the upload already records (no row per load per
 * upload): the load keeps the last batch that wrote it (`uploadBatchId`), and a load inserted by an
 * upload carries that batch's timestamp as its `createdAt` (one `now` for the whole write). So:
 * the last batch, as "created" when the timestamps agree, else "updated" plus the batch created at
 * the load's own creation instant, if there is one. Uploads between the first and the last are
 * not kept per load (their batch rows stay in the audit log).
 */
export async function uploadsOfLoad(db: Pick<Db, "load" | "uploadBatch">, loadDbId: string) {
  const load = await db.load.findUnique({
    where: { id: loadDbId },
    select: { createdAt: true, uploadBatch: { select: { id: true, createdAt: true } } },
  });
  if (!load) return [];
  const last = load.uploadBatch;
  // Never written by an upload (the last batch is kept on every load an upload writes).
  if (!last) return [];
  if (last.createdAt.getTime() === load.createdAt.getTime()) {
    return [{ batchId: last.id, kind: "created" }] satisfies LoadUploadTouch[];
  }
  const touches: LoadUploadTouch[] = [{ batchId: last.id, kind: "updated" }];
  const creating = await db.uploadBatch.findFirst({
    where: { createdAt: load.createdAt },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (creating && creating.id !== last.id) touches.push({ batchId: creating.id, kind: "created" });
  return touches;
}
