import type { Db } from "../db/client.ts";

/**
 * The one way tracking writes routing's tables: the tracking columns of Route (last position,
 * speed, ETAs) and of RouteStop (arrival and departure times). Called inside tracking's ingest
 * transaction; routing owns every other column.
 */
type RouteWriter = Pick<Db, "route" | "routeStop">;

export interface RouteTrackingColumns {
  lastLat: number;
  lastLng: number;
  lastPositionAt: Date;
  lastSpeedMph: number | null;
  lastHeading: number | null;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
}

export async function writeRouteTrackingState(
  db: RouteWriter,
  routeId: string,
  columns: RouteTrackingColumns,
): Promise<void> {
  await db.route.update({ where: { id: routeId }, data: columns, select: { id: true } });
}

export async function writeStopVisit(
  db: RouteWriter,
  stopId: string,
  visit: { arrivedAt: Date | null; departedAt: Date | null },
): Promise<void> {
  await db.routeStop.update({ where: { id: stopId }, data: visit, select: { id: true } });
}
