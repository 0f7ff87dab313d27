import { all, placeholders, type SqlWork } from "../db/bulk.ts";
import { postgresArray } from "../db/bulk-statements.ts";
import type { DbProvider } from "../db/client.ts";
import { toDate } from "../db/reader.ts";
import type { SqlValue } from "../db/sql.ts";
import { createRowId } from "../lib/ids.ts";
import type { TrackPoint } from "./progress.ts";

export interface PositionRow {
  id: string;
  routeId: string;
  userId: string;
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
  userId: string,
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

const COLUMNS = [
  { name: "id", type: "text" },
  { name: "routeId", type: "text" },
  { name: "userId", type: "text" },
  { name: "lat", type: "double precision" },
  { name: "lng", type: "double precision" },
  { name: "recordedAt", type: "timestamp(3)" },
  { name: "speedMph", type: "double precision" },
  { name: "heading", type: "double precision" },
  { name: "receivedAt", type: "timestamp(3)" },
] as const;

const HEAD = `INSERT INTO "TrackingPosition" (${COLUMNS.map((column) => `"${column.name}"`).join(", ")})`;
/** A point already stored for the route and time is a duplicate: ignored, not an error. */
const TAIL = ` ON CONFLICT ("routeId", "recordedAt") DO NOTHING RETURNING "routeId", "recordedAt"`;
/** SQLite's multi-row statements: a handful of texts, each prepared once. */
const SQLITE_ROWS_PER_STATEMENT = 100;

/** `routeId` and time (ms) of a stored point. */
export const positionKey = (routeId: string, time: number) => `${routeId}@${time}`;

/**
 * Inserts the points in one statement on PostgreSQL (columns as arrays), in statements of up to
 * 100 rows on SQLite; answers the keys of the points stored (duplicates are skipped).
 */
export function* insertPositionsSql(provider: DbProvider, rows: PositionRow[]): SqlWork<Set<string>> {
  const stored = new Set<string>();
  if (rows.length === 0) return stored;
  let returned: { routeId: string; recordedAt: unknown }[] = [];
  if (provider === "postgresql") {
    returned = yield* all(
      `${HEAD} SELECT * FROM unnest(${COLUMNS.map((column) => `?::${column.type}[]`).join(", ")})${TAIL}`,
      COLUMNS.map((column) => postgresArray(rows.map((row) => row[column.name]))),
    );
  } else {
    for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
      const part = rows.slice(start, start + SQLITE_ROWS_PER_STATEMENT);
      const params: SqlValue[] = [];
      for (const row of part) for (const column of COLUMNS) params.push(row[column.name]);
      returned.push(
        ...(yield* all<{ routeId: string; recordedAt: unknown }>(
          `${HEAD} VALUES ${placeholders(part.length, COLUMNS.length)}${TAIL}`,
          params,
        )),
      );
    }
  }
  for (const row of returned) stored.add(positionKey(row.routeId, toDate(row.recordedAt).getTime()));
  return stored;
}
