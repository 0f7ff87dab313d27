import { randomBytes } from "node:crypto";
import type { SqlWork } from "../db/bulk.ts";
import { execute, rowsOf, type Store } from "../db/kysely.ts";
import { type BulkColumn, insertGroups, oneOf, withRows } from "../db/store-sql.ts";
import { createRowId } from "../lib/ids.ts";
import type { TrackPoint } from "./progress.ts";

/**
 * Tracking's store: every statement on its own tables (TrackingPosition, ShipmentTrackingLink)
 * that the ingest transaction runs, on either database.
 */

export interface PositionRow {
  id: string;
  routeId: string;
  userId: string | null;
  lat: number;
  lng: number;
  recordedAt: Date;
  speedMph: number | null;
  heading: number | null;
  receivedAt: Date;
}

/** The row one reported point is stored as. */
export const positionRow = (
  routeId: string,
  userId: string | null,
  point: TrackPoint,
  receivedAt: Date,
): PositionRow => ({
  id: createRowId(),
  routeId,
  userId,
  lat: point.lat,
  lng: point.lng,
  recordedAt: point.recordedAt,
  speedMph: point.speedMph,
  heading: point.heading,
  receivedAt,
});

const POSITION_COLUMNS = [
  { name: "id", type: "text" },
  { name: "routeId", type: "text" },
  { name: "userId", type: "text" },
  { name: "lat", type: "double precision" },
  { name: "lng", type: "double precision" },
  { name: "recordedAt", type: "timestamp(3)" },
  { name: "speedMph", type: "double precision" },
  { name: "heading", type: "double precision" },
  { name: "receivedAt", type: "timestamp(3)" },
] as const satisfies readonly BulkColumn<keyof PositionRow>[];

/** `routeId` and time (ms) of a stored point. */
export const positionKey = (routeId: string, time: number) => `${routeId}@${time}`;

/**
 * Inserts the points; a point already stored for the route and time is a duplicate, skipped
 * (not an error). Answers the keys of the points stored.
 */
export function* insertPositions(db: Store, rows: PositionRow[]): SqlWork<Set<string>> {
  const stored = new Set<string>();
  for (const group of insertGroups(db, rows)) {
    const returned = yield* rowsOf(
      withRows(db, db.insertInto("TrackingPosition"), POSITION_COLUMNS, group)
        .onConflict((conflict) => conflict.columns(["routeId", "recordedAt"]).doNothing())
        .returning(["routeId", "recordedAt"]),
    );
    for (const row of returned) stored.add(positionKey(row.routeId, row.recordedAt.getTime()));
  }
  return stored;
}

/** 24 random bytes: an unguessable public tracking token. */
export function newTrackingToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The loads without a live public link get one (their truck started reporting). */
export function* issueShipmentLinks(db: Store, loadIds: string[], now: Date): SqlWork<void> {
  if (loadIds.length === 0) return;
  const linked = yield* rowsOf(
    db
      .selectFrom("ShipmentTrackingLink")
      .select("loadId")
      .where((eb) => oneOf(db, eb.ref("loadId"), loadIds))
      .where("revokedAt", "is", null),
  );
  const have = new Set(linked.map((link) => link.loadId));
  const missing = loadIds.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  yield* execute(
    db
      .insertInto("ShipmentTrackingLink")
      .values(
        missing.map((loadId) => ({ id: createRowId(), loadId, token: newTrackingToken(), createdAt: now })),
      ),
  );
}
