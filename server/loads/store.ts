import { rowsOf, type Store } from "../db/kysely.ts";
import type { SqlReader } from "../db/reader.ts";
import { sql } from "../db/sql.ts";
import { oneOf } from "../db/store-sql.ts";
import type { UploadBatch } from "../generated/sqlite/client.ts";

/** Loads' store: the last upload and the loads on routes (the list is in store-list.ts, the upload's in upload/store.ts). */

const LAST_UPLOAD_SQL = `SELECT * FROM "UploadBatch" ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`;

/**
 * The latest upload's id and createdAt as two single values (no row: null), to be read inside
 * another statement (loadPageSql's riders); in one statement they come from the same snapshot.
 */
export const LATEST_UPLOAD_VALUES = [
  sql(`SELECT u."id" FROM "UploadBatch" u ORDER BY u."createdAt" DESC, u."id" DESC LIMIT 1`),
  sql(`SELECT u."createdAt" FROM "UploadBatch" u ORDER BY u."createdAt" DESC, u."id" DESC LIMIT 1`),
] as const;

/** The latest upload batch's row as the driver returns it (one prepared statement), if any. */
export async function lastUploadRow(
  reader: SqlReader,
): Promise<Record<keyof UploadBatch, unknown> | undefined> {
  const [row] = await reader.all<Record<keyof UploadBatch, unknown>>(sql(LAST_UPLOAD_SQL));
  return row;
}

/** Who carries each load of these routes (driver and carrier ids), inside the caller's write work. */
export function* partiesOnRoutes(db: Store, routeIds: string[]) {
  if (routeIds.length === 0) return [];
  return yield* rowsOf(
    db
      .selectFrom("Load")
      .select(["id", "routeId", "assignedUserId", "carrierId"])
      .where((eb) => oneOf(db, eb.ref("routeId"), routeIds))
      .$narrowType<{ routeId: string }>(),
  );
}
