import { sql } from "kysely";
import type { Db } from "../db/client.ts";
import { readStore, type Store } from "../db/kysely.ts";
import type { SqlReader } from "../db/reader.ts";
import { containsAnyCase, countOf, oneOf } from "../db/store-sql.ts";

/**
 * Routing's store, the routes as tracking reads them (its screens and the load list's
 * tracked-route column). Routing owns Route and RouteStop; these reads join the carrier's name,
 * the driver's userId, the stops' facilities and the route's loads (Carrier, User, NassCode and
 * Load are read here, never written: one statement per part instead of a call per row).
 */
type RouteReader = Pick<Db, "route">;

/** A route's loads shown with it; routes hold a handful, this only bounds a pathological one. */
const MAX_LOADS_PER_ROUTE = 200;

export interface TrackedStopRow {
  id: string;
  routeId: string;
  sequence: number;
  type: string;
  arrivedAt: Date | null;
  departedAt: Date | null;
  nassCode: {
    id: string;
    code: string;
    facilityName: string | null;
    city: string | null;
    state: string | null;
    latitude: number | null;
    longitude: number | null;
  } | null;
}

export interface TrackedLoadRow {
  id: string;
  loadId: string;
  status: string;
  carrier: { carrierName: string } | null;
  assignedUser: { userId: string } | null;
}

/** A route as the tracking screens read it (never the position history). */
export interface TrackedRoute {
  id: string;
  routeNumber: string;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
  lastLat: number | null;
  lastLng: number | null;
  lastPositionAt: Date | null;
  lastSpeedMph: number | null;
  lastHeading: number | null;
  carrier: { carrierName: string } | null;
  assignedUser: { userId: string } | null;
  stops: TrackedStopRow[];
  loads: TrackedLoadRow[];
}

/** What of a route a reader needs: the stops cost a statement, the loads another. */
export interface TrackedParts {
  stops: boolean;
  loads: boolean;
}

const ALL_PARTS: TrackedParts = { stops: true, loads: true };

function routes(db: Store) {
  return db
    .selectFrom("Route as r")
    .leftJoin("Carrier as c", "c.id", "r.carrierId")
    .leftJoin("User as u", "u.id", "r.assignedUserId");
}

const ROUTE_COLUMNS = [
  "r.id",
  "r.routeNumber",
  "r.etaMinutes",
  "r.nextStopEtaMinutes",
  "r.lastLat",
  "r.lastLng",
  "r.lastPositionAt",
  "r.lastSpeedMph",
  "r.lastHeading",
  "c.carrierName as carrierName",
  "u.userId as driverUserId",
] as const;

function routeRows(db: Store) {
  return routes(db).select(ROUTE_COLUMNS);
}

type RouteRow = Awaited<ReturnType<ReturnType<typeof routeRows>["execute"]>>[number];

function stopRows(db: Store, routeIds: string[]) {
  return db
    .selectFrom("RouteStop as s")
    .leftJoin("NassCode as n", "n.id", "s.nassCodeId")
    .select([
      "s.id",
      "s.routeId",
      "s.sequence",
      "s.type",
      "s.arrivedAt",
      "s.departedAt",
      "n.id as nassId",
      "n.code",
      "n.facilityName",
      "n.city",
      "n.state",
      "n.latitude",
      "n.longitude",
    ])
    .where((eb) => oneOf(db, eb.ref("s.routeId"), routeIds))
    .orderBy("s.routeId")
    .orderBy("s.sequence")
    .orderBy("s.id")
    .execute();
}

function loadRows(db: Store, routeIds: string[]) {
  return db
    .selectFrom("Load as l")
    .leftJoin("Carrier as c", "c.id", "l.carrierId")
    .leftJoin("User as u", "u.id", "l.assignedUserId")
    .select([
      "l.id",
      "l.routeId",
      "l.loadId",
      "l.status",
      "c.carrierName as carrierName",
      "u.userId as driverUserId",
    ])
    .where((eb) => oneOf(db, eb.ref("l.routeId"), routeIds))
    .orderBy("l.routeId")
    .orderBy("l.loadId")
    .execute();
}

/** The routes' rows with their stops and loads, at most three statements whatever their number. */
async function withParts(db: Store, rows: RouteRow[], parts: TrackedParts): Promise<TrackedRoute[]> {
  const tracked = rows.map(
    ({ carrierName, driverUserId, ...row }): TrackedRoute => ({
      ...row,
      carrier: carrierName === null ? null : { carrierName },
      assignedUser: driverUserId === null ? null : { userId: driverUserId },
      stops: [],
      loads: [],
    }),
  );
  if (tracked.length === 0) return tracked;
  const byId = new Map(tracked.map((route) => [route.id, route]));
  const ids = tracked.map((route) => route.id);
  const [stops, loads] = await Promise.all([
    parts.stops ? stopRows(db, ids) : [],
    parts.loads ? loadRows(db, ids) : [],
  ]);
  for (const { nassId, code, facilityName, city, state, latitude, longitude, ...stop } of stops) {
    byId.get(stop.routeId)?.stops.push({
      ...stop,
      nassCode:
        nassId === null
          ? null
          : { id: nassId, code: code ?? "", facilityName, city, state, latitude, longitude },
    });
  }
  for (const load of loads) {
    const route = byId.get(load.routeId ?? "");
    if (!route || route.loads.length >= MAX_LOADS_PER_ROUTE) continue;
    route.loads.push({
      id: load.id,
      loadId: load.loadId,
      status: load.status,
      carrier: load.carrierName === null ? null : { carrierName: load.carrierName },
      assignedUser: load.driverUserId === null ? null : { userId: load.driverUserId },
    });
  }
  return tracked;
}

export async function trackedRouteByNumber(
  reader: SqlReader,
  routeNumber: string,
): Promise<TrackedRoute | null> {
  const db = readStore(reader);
  const rows = await routeRows(db).where("r.routeNumber", "=", routeNumber).execute();
  return (await withParts(db, rows, ALL_PARTS))[0] ?? null;
}

export async function trackedRouteById(reader: SqlReader, id: string): Promise<TrackedRoute> {
  const [route] = await trackedRoutesByIds(reader, [id]);
  if (!route) throw new Error(`Route ${id} not found`);
  return route;
}

export async function trackedRoutesByIds(
  reader: SqlReader,
  ids: readonly string[],
  parts: TrackedParts = ALL_PARTS,
): Promise<TrackedRoute[]> {
  if (ids.length === 0) return [];
  const db = readStore(reader);
  const rows = await routeRows(db)
    .where((eb) => oneOf(db, eb.ref("r.id"), ids))
    .execute();
  return withParts(db, rows, parts);
}

/** The tracking list's criteria: routes that reported (or could), and a search text. */
export interface TrackedRouteFilter {
  scope: "tracked" | "trackable";
  search: string | null;
}

/**
 * The routes the list shows. The search matches the route number, its carrier or driver (userId),
 * or a load's id, carrier or driver, contained and in any case.
 */
function filteredRoutes(db: Store, filter: TrackedRouteFilter) {
  const text = filter.search?.trim();
  return routes(db).where((eb) => {
    const scope =
      filter.scope === "tracked"
        ? eb("r.lastPositionAt", "is not", null)
        : eb.exists(
            eb
              .selectFrom("RouteStop as s")
              .innerJoin("NassCode as n", "n.id", "s.nassCodeId")
              .select(sql.lit(1).as("one"))
              .whereRef("s.routeId", "=", "r.id")
              .where("n.latitude", "is not", null)
              .where("n.longitude", "is not", null),
          );
    if (!text) return scope;
    const loadMatches = eb.exists(
      eb
        .selectFrom("Load as l")
        .leftJoin("Carrier as lc", "lc.id", "l.carrierId")
        .leftJoin("User as lu", "lu.id", "l.assignedUserId")
        .select(sql.lit(1).as("one"))
        .whereRef("l.routeId", "=", "r.id")
        .where((inner) =>
          inner.or([
            containsAnyCase(db, inner.ref("l.loadId"), text),
            containsAnyCase(db, inner.ref("lc.carrierName"), text),
            containsAnyCase(db, inner.ref("lu.userId"), text),
          ]),
        ),
    );
    return eb.and([
      scope,
      eb.or([
        containsAnyCase(db, eb.ref("r.routeNumber"), text),
        containsAnyCase(db, eb.ref("c.carrierName"), text),
        containsAnyCase(db, eb.ref("u.userId"), text),
        loadMatches,
      ]),
    ]);
  });
}

export async function countTrackedRouteRows(reader: SqlReader, filter: TrackedRouteFilter): Promise<number> {
  const db = readStore(reader);
  const [row] = await filteredRoutes(db, filter)
    .select((eb) => eb.fn.countAll().as("count"))
    .execute();
  return countOf(row?.count as number | string | undefined);
}

/** One page of routes by route number. */
export async function trackedRoutePage(
  reader: SqlReader,
  filter: TrackedRouteFilter,
  page: { offset: number; limit: number; direction: "asc" | "desc" },
  parts: TrackedParts = ALL_PARTS,
): Promise<TrackedRoute[]> {
  const db = readStore(reader);
  const rows = await filteredRoutes(db, filter)
    .select(ROUTE_COLUMNS)
    .orderBy("r.routeNumber", page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return withParts(db, rows, parts);
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
