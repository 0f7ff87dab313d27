import { recordAuditSql } from "../../audit/bulk.ts";
import { all, inList, insertMany, run, type SqlValue, type SqlWork } from "../../db/bulk.ts";
import { createRowId } from "../../lib/ids.ts";
import { ensureRoutes } from "../../routing/route-numbers.ts";
import type { LoadValues, UploadRow } from "./rows.ts";

export interface UploadWrite {
  batchId: string;
  actorId: string;
  stream: string;
  fileNames: string[];
  rows: UploadRow[];
  now: Date;
}

export interface UploadOutcome {
  batchId: string;
  createdCount: number;
  updatedCount: number;
}

const LOOKUP_CHUNK = 500;

/** Every column a new load is inserted with, in order. */
const INSERT_COLUMNS = [
  "id",
  "loadId",
  "bolNumber",
  "customer",
  "status",
  "mode",
  "referenceNumber",
  "weight",
  "volume",
  "freightClass",
  "commodity",
  "orderInfo",
  "additionalData",
  "stopCount",
  "routeId",
  "originAddress",
  "destinationAddress",
  "pickupDate",
  "deliveryDate",
  "appointmentsRequired",
  "appointmentsConfirmed",
  "trackingLink",
  "stream",
  "uploadBatchId",
  "createdAt",
  "updatedAt",
] as const;

function plannedStops(row: UploadRow): { type: "pickup" | "delivery"; code: string }[] {
  const stops: { type: "pickup" | "delivery"; code: string }[] = [];
  if (row.originNass) stops.push({ type: "pickup", code: row.originNass });
  if (row.destinationNass) stops.push({ type: "delivery", code: row.destinationNass });
  return stops;
}

/**
 * The write of one upload, as one transaction: new routes, new loads inserted in multi-row
 * statements, existing loads (same loadId) updated with the row's non-empty cells, the stops
 * named by NASS columns replaced, the batch and its audit entry recorded.
 */
export function* writeUpload(upload: UploadWrite): SqlWork<UploadOutcome> {
  const { rows, now, batchId, stream } = upload;
  const existingIds = yield* existingLoadIds(rows.map((row) => row.loadId));
  const routeIds = yield* ensureRoutes(
    rows.flatMap((row) => (row.routeNumber ? [row.routeNumber] : [])),
    now,
  );
  const nassIds = yield* nassIdsByCode(rows.flatMap((row) => plannedStops(row).map((stop) => stop.code)));

  const newRows = rows.filter((row) => !existingIds.has(row.loadId));
  const updatedRows = rows.filter((row) => existingIds.has(row.loadId));
  yield* run(
    `INSERT INTO "UploadBatch" ("id", "userId", "stream", "fileNames", "rowCount", "createdCount", "updatedCount", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      batchId,
      upload.actorId,
      stream,
      upload.fileNames.length ? upload.fileNames.join(", ") : null,
      rows.length,
      newRows.length,
      updatedRows.length,
      now,
    ],
  );

  const loadIdByRow = new Map<UploadRow, string>();
  yield* insertMany("Load", INSERT_COLUMNS, newRows.length, (index, out) => {
    const row = newRows[index];
    const id = createRowId(now.getTime());
    loadIdByRow.set(row, id);
    pushInsertValues(out, row, id, routeIds, upload);
  });

  for (const row of updatedRows) {
    const id = existingIds.get(row.loadId)!;
    loadIdByRow.set(row, id);
    const changes = Object.entries(row.values).filter(([, value]) => value !== undefined) as [
      string,
      SqlValue,
    ][];
    const stops = plannedStops(row);
    if (stops.length > 0 && row.values.stopCount === undefined) changes.push(["stopCount", stops.length]);
    if (row.routeNumber) changes.push(["routeId", routeIds.get(row.routeNumber) ?? null]);
    if (row.additionalData) changes.push(["additionalData", JSON.stringify(row.additionalData)]);
    changes.push(["stream", stream], ["uploadBatchId", batchId], ["updatedAt", now]);
    yield* run(
      `UPDATE "Load" SET ${changes.map(([column]) => `"${column}" = ?`).join(", ")} WHERE "id" = ?`,
      [...changes.map(([, value]) => value), id],
    );
  }

  yield* replaceStops(rows, loadIdByRow, existingIds, nassIds);
  yield* recordAuditSql(
    {
      actorId: upload.actorId,
      action: "load.upload",
      entityType: "UploadBatch",
      entityId: batchId,
      details: {
        stream,
        fileNames: upload.fileNames,
        rowCount: rows.length,
        createdCount: newRows.length,
        updatedCount: updatedRows.length,
      },
    },
    now,
  );
  return { batchId, createdCount: newRows.length, updatedCount: updatedRows.length };
}

function pushInsertValues(
  out: SqlValue[],
  row: UploadRow,
  id: string,
  routeIds: Map<string, string>,
  upload: UploadWrite,
): void {
  const values: LoadValues = row.values;
  const stopCount = values.stopCount ?? plannedStops(row).length;
  out.push(
    id,
    row.loadId,
    values.bolNumber ?? null,
    values.customer ?? upload.stream,
    values.status ?? "pending",
    values.mode ?? "TRUCK",
    values.referenceNumber ?? null,
    values.weight ?? null,
    values.volume ?? null,
    values.freightClass ?? null,
    values.commodity ?? null,
    values.orderInfo ?? null,
    row.additionalData ? JSON.stringify(row.additionalData) : null,
    stopCount,
    row.routeNumber ? (routeIds.get(row.routeNumber) ?? null) : null,
    values.originAddress ?? null,
    values.destinationAddress ?? null,
    values.pickupDate ?? null,
    values.deliveryDate ?? null,
    values.appointmentsRequired ?? false,
    values.appointmentsConfirmed ?? false,
    values.trackingLink ?? null,
    upload.stream,
    upload.batchId,
    upload.now,
    upload.now,
  );
}

function* existingLoadIds(loadIds: string[]): SqlWork<Map<string, string>> {
  const idByLoadId = new Map<string, string>();
  for (let start = 0; start < loadIds.length; start += LOOKUP_CHUNK) {
    const part = loadIds.slice(start, start + LOOKUP_CHUNK);
    const found = yield* all<{ id: string; loadId: string }>(
      `SELECT "id", "loadId" FROM "Load" WHERE "loadId" IN (${inList(part.length)})`,
      part,
    );
    for (const row of found) idByLoadId.set(row.loadId, row.id);
  }
  return idByLoadId;
}

function* nassIdsByCode(codes: string[]): SqlWork<Map<string, string>> {
  const unique = [...new Set(codes)];
  const idByCode = new Map<string, string>();
  for (let start = 0; start < unique.length; start += LOOKUP_CHUNK) {
    const part = unique.slice(start, start + LOOKUP_CHUNK);
    const found = yield* all<{ id: string; code: string }>(
      `SELECT "id", "code" FROM "NassCode" WHERE "code" IN (${inList(part.length)})`,
      part,
    );
    for (const row of found) idByCode.set(row.code, row.id);
  }
  return idByCode;
}

/** Rows with NASS columns get exactly those stops: pickup at the origin, delivery at the destination. */
function* replaceStops(
  rows: UploadRow[],
  loadIdByRow: Map<UploadRow, string>,
  existingIds: Map<string, string>,
  nassIds: Map<string, string>,
): SqlWork<void> {
  const withStops = rows.filter((row) => row.originNass || row.destinationNass);
  const replaced = withStops.filter((row) => existingIds.has(row.loadId)).map((row) => loadIdByRow.get(row)!);
  for (let start = 0; start < replaced.length; start += LOOKUP_CHUNK) {
    const part = replaced.slice(start, start + LOOKUP_CHUNK);
    yield* run(`DELETE FROM "LoadStop" WHERE "loadId" IN (${inList(part.length)})`, part);
  }
  const stops = withStops.flatMap((row) =>
    plannedStops(row).map((stop, index) => ({ row, stop, sequence: index + 1 })),
  );
  yield* insertMany(
    "LoadStop",
    ["id", "loadId", "sequence", "type", "nassCodeId"],
    stops.length,
    (index, out) => {
      const { row, stop, sequence } = stops[index];
      out.push(createRowId(), loadIdByRow.get(row)!, sequence, stop.type, nassIds.get(stop.code) ?? null);
    },
  );
}
