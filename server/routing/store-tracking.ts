import type { SqlWork } from "../db/bulk.ts";
import { execute, rowsOf, type Store } from "../db/kysely.ts";
import { type BulkColumn, lockedForUpdate, oneOf, updateEach } from "../db/store-sql.ts";

/**
 * Routing's store, the one way tracking writes routing's tables: the tracking columns of Route
 * (last position, speed, ETAs) and of RouteStop (arrival and departure times), with the read of
 * the routes' report state they follow. Runs inside tracking's ingest transaction; routing owns
 * every other column. (These writes leave the row version alone: test/unit/row-versions.test.ts.)
 */

export interface ReportStop {
  id: string;
  sequence: number;
  type: string;
  arrivedAt: Date | null;
  departedAt: Date | null;
  nassCodeId: string | null;
  nassCode: { latitude: number | null; longitude: number | null; geofenceRadiusMeters: number | null } | null;
}

/** What a position report needs of its route. */
export interface RouteReportState {
  id: string;
  routeNumber: string;
  assignedUserId: string | null;
  carrierId: string | null;
  lastLat: number | null;
  lastLng: number | null;
  lastPositionAt: Date | null;
  lastSpeedMph: number | null;
  lastHeading: number | null;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
  stops: ReportStop[];
}

export type RouteTrackingColumns = Pick<
  RouteReportState,
  "lastSpeedMph" | "lastHeading" | "etaMinutes" | "nextStopEtaMinutes"
> & { lastLat: number; lastLng: number; lastPositionAt: Date };

/**
 * The routes' report states by route number. PostgreSQL locks the routes, in route-number order,
 * until the transaction ends: batches of one route apply one after the other (SQLite's writer
 * already holds the database's write lock).
 */
export function* reportStates(db: Store, routeNumbers: string[]): SqlWork<Map<string, RouteReportState>> {
  const routes = yield* rowsOf(
    lockedForUpdate(
      db,
      db
        .selectFrom("Route")
        .select([
          "id",
          "routeNumber",
          "assignedUserId",
          "carrierId",
          "lastLat",
          "lastLng",
          "lastPositionAt",
          "lastSpeedMph",
          "lastHeading",
          "etaMinutes",
          "nextStopEtaMinutes",
        ])
        .where((eb) => oneOf(db, eb.ref("routeNumber"), routeNumbers))
        .orderBy("routeNumber"),
    ),
  );
  const states = new Map<string, RouteReportState>();
  if (routes.length === 0) return states;
  const stops = yield* rowsOf(
    db
      .selectFrom("RouteStop as s")
      .leftJoin("NassCode as n", "n.id", "s.nassCodeId")
      .select([
        "s.id",
        "s.routeId",
        "s.sequence",
        "s.type",
        "s.arrivedAt",
        "s.departedAt",
        "s.nassCodeId",
        "n.latitude",
        "n.longitude",
        "n.geofenceRadiusMeters",
      ])
      .where((eb) =>
        oneOf(
          db,
          eb.ref("s.routeId"),
          routes.map((route) => route.id),
        ),
      )
      .orderBy("s.routeId")
      .orderBy("s.sequence")
      .orderBy("s.id"),
  );
  const byId = new Map<string, RouteReportState>();
  for (const row of routes) {
    const state: RouteReportState = { ...row, stops: [] };
    byId.set(row.id, state);
    states.set(row.routeNumber, state);
  }
  for (const { routeId, latitude, longitude, geofenceRadiusMeters, ...stop } of stops) {
    byId.get(routeId)?.stops.push({
      ...stop,
      nassCode:
        latitude === null && longitude === null
          ? null
          : {
              latitude,
              longitude,
              geofenceRadiusMeters: geofenceRadiusMeters === null ? null : Number(geofenceRadiusMeters),
            },
    });
  }
  return states;
}

const TRACKING_COLUMNS = [
  { name: "lastLat", type: "double precision" },
  { name: "lastLng", type: "double precision" },
  { name: "lastPositionAt", type: "timestamp(3)" },
  { name: "lastSpeedMph", type: "double precision" },
  { name: "lastHeading", type: "double precision" },
  { name: "etaMinutes", type: "integer" },
  { name: "nextStopEtaMinutes", type: "integer" },
] as const satisfies readonly BulkColumn<keyof RouteTrackingColumns>[];

/** Each route's tracking columns (and updatedAt). */
export function* writeRouteTrackingStates(
  db: Store,
  changes: { routeId: string; columns: RouteTrackingColumns }[],
  now: Date,
): SqlWork<void> {
  yield* updateEach(
    db,
    "Route",
    TRACKING_COLUMNS,
    changes.map((change) => ({ id: change.routeId, ...change.columns })),
    { updatedAt: now },
  );
}

/** A stop's arrival and departure times, as the truck's positions moved them. */
export function* writeStopVisits(
  db: Store,
  visits: { stopId: string; arrivedAt: Date | null; departedAt: Date | null }[],
): SqlWork<void> {
  for (const visit of visits) {
    yield* execute(
      db
        .updateTable("RouteStop")
        .set({ arrivedAt: visit.arrivedAt, departedAt: visit.departedAt })
        .where("id", "=", visit.stopId),
    );
  }
}
