import { run, type SqlWork } from "../../db/bulk.ts";
import { selectWhereIn } from "../../db/bulk-statements.ts";
import type { SqlValue } from "../../db/sql.ts";
import type { DbProvider } from "../../db/url.ts";
import { STOP_VISIT_COLUMNS } from "../stop-rows.ts";

/** The upload's own statements (write.ts runs them in the upload's transaction; texts tuned for the bench). */

/** The loads the upload's rows name, as the write needs them (status and rate: billing follows). */
export function* loadsOfLoadIds(provider: DbProvider, loadIds: string[]) {
  return yield* selectWhereIn<{
    id: string;
    loadId: string;
    status: string;
    customerRateCents: number | null;
    version: number;
  }>(
    provider,
    `SELECT "id", "loadId", "status", "customerRateCents", "version" FROM "Load"`,
    "loadId",
    loadIds,
  );
}

/** The facilities the rows' stops name (ids, and coordinates for their time zones). */
export function* nassCodesOfCodes(provider: DbProvider, codes: string[]) {
  return yield* selectWhereIn<{
    id: string;
    code: string;
    latitude: number | string | null;
    longitude: number | string | null;
  }>(provider, `SELECT "id", "code", "latitude", "longitude" FROM "NassCode"`, "code", codes);
}

/** The batch row, in column order: id, userId, stream, fileNames, rowCount, createdCount, updatedCount, createdAt. */
export function* insertUploadBatch(values: SqlValue[]): SqlWork<number> {
  return yield* run(
    `INSERT INTO "UploadBatch" ("id", "userId", "stream", "fileNames", "rowCount", "createdCount", "updatedCount", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    values,
  );
}

export function* setUploadBatchUpdatedCount(batchId: string, updatedCount: number): SqlWork<number> {
  return yield* run(`UPDATE "UploadBatch" SET "updatedCount" = ? WHERE "id" = ?`, [updatedCount, batchId]);
}

/** A stop row as it was before the upload replaced it (dates as the driver reads them). */
export interface PreviousStop {
  id: string;
  loadId: string;
  sequence: number;
  nassCodeId: string | null;
  appointmentFrom: unknown;
  appointmentTo: unknown;
  arrivedAt: unknown;
  arrivedSource: string | null;
  departedAt: unknown;
  departedSource: string | null;
  detentionAcceptedCents: number | null;
  detentionAcceptedAt: unknown;
  detentionAcceptedById: string | null;
}

/** The stops of these loads before the upload replaces them. */
export function* stopsOfLoads(provider: DbProvider, loadIds: string[]) {
  return yield* selectWhereIn<PreviousStop>(
    provider,
    `SELECT "id", "loadId", "sequence", "nassCodeId", "appointmentFrom", "appointmentTo", ${STOP_VISIT_COLUMNS.map((column) => `"${column}"`).join(", ")} FROM "LoadStop"`,
    "loadId",
    loadIds,
  );
}
