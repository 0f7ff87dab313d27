import type { Db } from "../db/client.ts";
import type { Prisma } from "../generated/sqlite/client.ts";

/**
 * The Route reads of the tracking domain (its screens, position reports and the load list's
 * tracked-route column). Routing owns the table; tracking builds the filters and shapes the rows.
 */
type RouteReader = Pick<Db, "route">;

/** A route's loads shown with it; routes hold a handful, this only bounds a pathological one. */
const MAX_LOADS_PER_ROUTE = 200;

export const TRACKED_ROUTE_INCLUDE = {
  carrier: { select: { carrierName: true } },
  assignedUser: { select: { userId: true } },
  stops: {
    orderBy: [{ sequence: "asc" }, { id: "asc" }],
    include: {
      nassCode: {
        select: {
          id: true,
          code: true,
          facilityName: true,
          city: true,
          state: true,
          latitude: true,
          longitude: true,
        },
      },
    },
  },
  loads: {
    orderBy: [{ loadId: "asc" }],
    take: MAX_LOADS_PER_ROUTE,
    select: {
      id: true,
      loadId: true,
      status: true,
      carrier: { select: { carrierName: true } },
      assignedUser: { select: { userId: true } },
    },
  },
} satisfies Prisma.RouteInclude;

export type TrackedRoute = Prisma.RouteGetPayload<{ include: typeof TRACKED_ROUTE_INCLUDE }>;

export function trackedRouteByNumber(db: RouteReader, routeNumber: string): Promise<TrackedRoute | null> {
  return db.route.findUnique({ where: { routeNumber }, include: TRACKED_ROUTE_INCLUDE });
}

export function trackedRouteById(db: RouteReader, id: string): Promise<TrackedRoute> {
  return db.route.findUniqueOrThrow({ where: { id }, include: TRACKED_ROUTE_INCLUDE });
}

export function trackedRoutesByIds(db: RouteReader, ids: readonly string[]): Promise<TrackedRoute[]> {
  return db.route.findMany({ where: { id: { in: [...ids] } }, include: TRACKED_ROUTE_INCLUDE });
}

export function countRoutes(db: RouteReader, where: Prisma.RouteWhereInput): Promise<number> {
  return db.route.count({ where });
}

/** One page of routes by route number. */
export function trackedRoutePage(
  db: RouteReader,
  where: Prisma.RouteWhereInput,
  page: { offset: number; limit: number; direction: "asc" | "desc" },
): Promise<TrackedRoute[]> {
  return db.route.findMany({
    where,
    include: TRACKED_ROUTE_INCLUDE,
    orderBy: [{ routeNumber: page.direction }],
    skip: page.offset,
    take: page.limit,
  });
}

export async function routeIdByNumber(db: RouteReader, routeNumber: string): Promise<string | null> {
  const route = await db.route.findUnique({ where: { routeNumber }, select: { id: true } });
  return route?.id ?? null;
}

/** The most recently heard-from trucks' last positions: three columns a route, no relations. */
export function lastPositions(db: RouteReader, limit: number) {
  return db.route.findMany({
    where: { lastPositionAt: { not: null } },
    orderBy: { lastPositionAt: "desc" },
    take: limit,
    select: { id: true, routeNumber: true, lastLat: true, lastLng: true, lastPositionAt: true },
  });
}

/** Route numbers of those among `ids` whose truck has reported. */
export async function trackedRouteNumbers(db: RouteReader, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.route.findMany({
    where: { id: { in: ids }, lastPositionAt: { not: null } },
    select: { id: true, routeNumber: true },
  });
  return new Map(rows.map((row) => [row.id, row.routeNumber]));
}

const REPORT_STATE = {
  id: true,
  routeNumber: true,
  assignedUserId: true,
  carrierId: true,
  lastLat: true,
  lastLng: true,
  lastPositionAt: true,
  lastSpeedMph: true,
  lastHeading: true,
  etaMinutes: true,
  nextStopEtaMinutes: true,
  stops: {
    orderBy: [{ sequence: "asc" }, { id: "asc" }],
    select: {
      id: true,
      sequence: true,
      type: true,
      arrivedAt: true,
      departedAt: true,
      nassCode: { select: { latitude: true, longitude: true } },
    },
  },
} satisfies Prisma.RouteSelect;

export type RouteReportState = Prisma.RouteGetPayload<{ select: typeof REPORT_STATE }>;

/** What a position report needs of its route, inside the report's transaction. */
export function routeReportState(tx: RouteReader, routeNumber: string): Promise<RouteReportState | null> {
  return tx.route.findUnique({ where: { routeNumber }, select: REPORT_STATE });
}
