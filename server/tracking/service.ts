import { greatCircleMiles, type LatLng } from "../../common/geo.ts";
import { TRACKING_TEXTS } from "../../common/tracking.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { facilityCitiesIn } from "../nass/service.ts";
import {
  countTrackedRouteRows,
  lastPositions,
  routeIdByNumber,
  type TrackedParts,
  type TrackedRoute,
  trackedRouteById,
  trackedRouteByNumber,
  trackedRoutePage,
  trackedRoutesByIds,
} from "../routing/store-tracked.ts";

export type TrackedStop = TrackedRoute["stops"][number];

/** The route's carrier, else the carrier of its first load that has one. */
export function carrierNameOf(route: TrackedRoute): string | null {
  return route.carrier?.carrierName ?? route.loads.find((load) => load.carrier)?.carrier?.carrierName ?? null;
}

/** The route's driver (userId), else the driver of its first assigned load. */
export function driverUserIdOf(route: TrackedRoute): string | null {
  return (
    route.assignedUser?.userId ?? route.loads.find((load) => load.assignedUser)?.assignedUser?.userId ?? null
  );
}

export function stopLocation(stop: TrackedStop): LatLng | null {
  const nass = stop.nassCode;
  return nass?.latitude != null && nass.longitude != null
    ? { lat: nass.latitude, lng: nass.longitude }
    : null;
}

export function lastPositionOf(route: Pick<TrackedRoute, "lastLat" | "lastLng">): LatLng | null {
  return route.lastLat !== null && route.lastLng !== null ? { lat: route.lastLat, lng: route.lastLng } : null;
}

export async function getTrackedRoute(ctx: Context, routeNumber: string): Promise<TrackedRoute> {
  requireAdmin(ctx);
  const route = await trackedRouteByNumber(ctx.sql, routeNumber);
  if (!route) throw new NotFoundError(TRACKING_TEXTS.routeNotFound);
  return route;
}

export async function findTrackedRoutesById(ctx: Context, ids: readonly string[]): Promise<TrackedRoute[]> {
  requireAdmin(ctx);
  const rows = await trackedRoutesByIds(ctx.sql, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `tracked`: the truck has reported; `trackable`: the route has a located stop (simulator, planning). */
export type TrackingScope = "tracked" | "trackable";

export const TRACKING_PAGING = { defaultSize: 50, maxSize: 500 };

/** One page of the tracking list by route number; `parts` leaves out stops or loads nobody shows. */
export function findTrackedRoutePage(
  ctx: Context,
  {
    search,
    paging,
    scope = "tracked",
    direction = "asc",
    parts,
  }: {
    search?: string | null;
    paging: OffsetPageArgs;
    scope?: TrackingScope;
    direction?: "asc" | "desc";
    parts?: TrackedParts;
  },
): Promise<OffsetConnection<TrackedRoute>> {
  requireAdmin(ctx);
  const filter = { scope, search: search ?? null };
  return numberedPage(
    paging,
    TRACKING_PAGING,
    () => countTrackedRouteRows(ctx.sql, filter),
    ({ skip, take }) => trackedRoutePage(ctx.sql, filter, { offset: skip, limit: take, direction }, parts),
  );
}

/** The breadcrumb: the route's latest `limit` points, oldest first. */
export async function recentPositions(ctx: Context, routeId: string, limit: number) {
  requireAdmin(ctx);
  const rows = await ctx.db.trackingPosition.findMany({
    where: { routeId },
    orderBy: { recordedAt: "desc" },
    take: limit,
    select: { lat: true, lng: true, recordedAt: true, speedMph: true },
  });
  return rows.reverse();
}

/** The NASS facility city nearest a point (within about 100 miles), e.g. for "near Dallas, TX". */
export async function nearestFacilityCity(
  db: Context["db"],
  point: LatLng,
): Promise<{ city: string; state: string | null } | null> {
  const box = 1.5;
  const candidates = await facilityCitiesIn(db, {
    lat: [point.lat - box, point.lat + box],
    lng: [point.lng - box * 1.4, point.lng + box * 1.4],
  });
  let best: { city: string; state: string | null; miles: number } | null = null;
  for (const candidate of candidates) {
    const miles = greatCircleMiles(point, { lat: candidate.latitude!, lng: candidate.longitude! });
    if (!best || miles < best.miles) best = { city: candidate.city!, state: candidate.state, miles };
  }
  return best && best.miles <= 100 ? { city: best.city, state: best.state } : null;
}

export async function routeIdOfNumber(ctx: Context, routeNumber: string): Promise<string> {
  requireAdmin(ctx);
  const id = await routeIdByNumber(ctx.db, routeNumber);
  if (!id) throw new NotFoundError(TRACKING_TEXTS.routeNotFound);
  return id;
}

/**
 * Every local subscriber of one event gets the same payload object: they share one read of the
 * route (500 viewers of a truck cost one query per batch, not 500). Permissions still apply per
 * subscriber through the schema.
 */
const eventReads = new WeakMap<object, Promise<TrackedRoute>>();

export function trackedRouteOfEvent(ctx: Context, event: { routeId: string }): Promise<TrackedRoute> {
  requireAdmin(ctx);
  let read = eventReads.get(event);
  if (!read) {
    read = trackedRouteById(ctx.sql, event.routeId);
    eventReads.set(event, read);
  }
  return read;
}

/** The fleet map draws at most this many trucks (the most recently heard from). */
export const MAX_FLEET_POSITIONS = 10_000;

/** Every tracked truck's last position for the fleet map: three columns a route, no relations. */
export async function fleetPositions(ctx: Context, limit: number) {
  requireAdmin(ctx);
  const rows = await lastPositions(ctx.db, Math.min(Math.max(limit, 1), MAX_FLEET_POSITIONS));
  return rows.map((row) => ({
    routeId: row.id,
    routeNumber: row.routeNumber,
    lat: row.lastLat ?? 0,
    lng: row.lastLng ?? 0,
    recordedAt: row.lastPositionAt!,
  }));
}
