import { postgresArray } from "../db/bulk-statements.ts";
import type { Db, DbProvider } from "../db/client.ts";
import { type SqlReader, toDateOrNull } from "../db/reader.ts";
import { containsInsensitive, joinFragments, type SqlFragment, sql } from "../db/sql.ts";
import type { Prisma } from "../generated/sqlite/client.ts";

/**
 * The Route reads of the tracking domain (its screens, position reports and the load list's
 * tracked-route column). Routing owns the table; tracking builds the filters and shapes the rows.
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

/** A route as the tracking screens read it, through the driver (never the position history). */
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

/** A Route row's last report and ETAs as SQL returns them (the time not parsed yet). */
export interface RawRouteReport {
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
  lastLat: number | null;
  lastLng: number | null;
  lastPositionAt: unknown;
  lastSpeedMph: number | null;
  lastHeading: number | null;
}

interface RouteRow extends RawRouteReport {
  id: string;
  routeNumber: string;
  carrierName: string | null;
  driverUserId: string | null;
}

const ROUTE_SELECT = `SELECT r."id", r."routeNumber", r."etaMinutes", r."nextStopEtaMinutes", r."lastLat", r."lastLng", r."lastPositionAt", r."lastSpeedMph", r."lastHeading", c."carrierName" AS "carrierName", u."userId" AS "driverUserId" FROM "Route" r LEFT JOIN "Carrier" c ON c."id" = r."carrierId" LEFT JOIN "User" u ON u."id" = r."assignedUserId"`;

/** `r."id"` (or another column) is one of the values: one statement text for any count. */
function oneOf(provider: DbProvider, column: string, values: readonly string[]): SqlFragment {
  return provider === "postgresql"
    ? sql(`${column} = ANY(?::text[])`, postgresArray([...values]))
    : sql(`${column} IN (SELECT "value" FROM json_each(?))`, JSON.stringify(values));
}

/** A RouteStop row's own columns and its facility's position, as SQL returns them (times not parsed yet). */
export interface RawStopRow {
  id: string;
  routeId: string;
  sequence: number;
  type: string;
  arrivedAt: unknown;
  departedAt: unknown;
  latitude: number | null;
  longitude: number | null;
}

interface StopRow extends RawStopRow {
  nassId: string | null;
  code: string | null;
  facilityName: string | null;
  city: string | null;
  state: string | null;
}

interface LoadRow {
  id: string;
  routeId: string;
  loadId: string;
  status: string;
  carrierName: string | null;
  driverUserId: string | null;
}

/** The routes' rows with their stops and loads, at most three statements whatever their number. */
async function withParts(reader: SqlReader, rows: RouteRow[], parts: TrackedParts): Promise<TrackedRoute[]> {
  const routes = rows.map(
    (row): TrackedRoute => ({
      id: row.id,
      routeNumber: row.routeNumber,
      etaMinutes: row.etaMinutes,
      nextStopEtaMinutes: row.nextStopEtaMinutes,
      lastLat: row.lastLat,
      lastLng: row.lastLng,
      lastPositionAt: toDateOrNull(row.lastPositionAt),
      lastSpeedMph: row.lastSpeedMph,
      lastHeading: row.lastHeading,
      carrier: row.carrierName === null ? null : { carrierName: row.carrierName },
      assignedUser: row.driverUserId === null ? null : { userId: row.driverUserId },
      stops: [],
      loads: [],
    }),
  );
  if (routes.length === 0) return routes;
  const byId = new Map(routes.map((route) => [route.id, route]));
  const ids = routes.map((route) => route.id);
  const [stops, loads] = await Promise.all([
    parts.stops
      ? reader.all<StopRow>(
          joinFragments(
            [
              sql(
                `SELECT s."id", s."routeId", s."sequence", s."type", s."arrivedAt", s."departedAt", n."id" AS "nassId", n."code", n."facilityName", n."city", n."state", n."latitude", n."longitude" FROM "RouteStop" s LEFT JOIN "NassCode" n ON n."id" = s."nassCodeId" WHERE`,
              ),
              oneOf(reader.provider, `s."routeId"`, ids),
              sql(`ORDER BY s."routeId", s."sequence", s."id"`),
            ],
            " ",
          ),
        )
      : [],
    parts.loads
      ? reader.all<LoadRow>(
          joinFragments(
            [
              sql(
                `SELECT l."id", l."routeId", l."loadId", l."status", c."carrierName" AS "carrierName", u."userId" AS "driverUserId" FROM "Load" l LEFT JOIN "Carrier" c ON c."id" = l."carrierId" LEFT JOIN "User" u ON u."id" = l."assignedUserId" WHERE`,
              ),
              oneOf(reader.provider, `l."routeId"`, ids),
              sql(`ORDER BY l."routeId", l."loadId"`),
            ],
            " ",
          ),
        )
      : [],
  ]);
  for (const stop of stops) {
    byId.get(stop.routeId)?.stops.push({
      id: stop.id,
      routeId: stop.routeId,
      sequence: stop.sequence,
      type: stop.type,
      arrivedAt: toDateOrNull(stop.arrivedAt),
      departedAt: toDateOrNull(stop.departedAt),
      nassCode:
        stop.nassId === null
          ? null
          : {
              id: stop.nassId,
              code: stop.code ?? "",
              facilityName: stop.facilityName,
              city: stop.city,
              state: stop.state,
              latitude: stop.latitude,
              longitude: stop.longitude,
            },
    });
  }
  for (const load of loads) {
    const route = byId.get(load.routeId);
    if (!route || route.loads.length >= MAX_LOADS_PER_ROUTE) continue;
    route.loads.push({
      id: load.id,
      loadId: load.loadId,
      status: load.status,
      carrier: load.carrierName === null ? null : { carrierName: load.carrierName },
      assignedUser: load.driverUserId === null ? null : { userId: load.driverUserId },
    });
  }
  return routes;
}

export async function trackedRouteByNumber(
  reader: SqlReader,
  routeNumber: string,
): Promise<TrackedRoute | null> {
  const rows = await reader.all<RouteRow>(sql(`${ROUTE_SELECT} WHERE r."routeNumber" = ?`, routeNumber));
  return (await withParts(reader, rows, ALL_PARTS))[0] ?? null;
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
  const rows = await reader.all<RouteRow>(
    joinFragments([sql(`${ROUTE_SELECT} WHERE`), oneOf(reader.provider, `r."id"`, ids)], " "),
  );
  return withParts(reader, rows, parts);
}

/** The tracking list's criteria: routes that reported (or could), and a search text. */
export interface TrackedRouteFilter {
  scope: "tracked" | "trackable";
  search: string | null;
}

/**
 * The search matches the route number, its carrier or driver (userId), or a load's id, carrier or
 * driver, contained and in any case.
 */
function filterSql(provider: DbProvider, filter: TrackedRouteFilter): SqlFragment {
  const scope =
    filter.scope === "tracked"
      ? sql(`r."lastPositionAt" IS NOT NULL`)
      : sql(
          `EXISTS (SELECT 1 FROM "RouteStop" s JOIN "NassCode" n ON n."id" = s."nassCodeId" WHERE s."routeId" = r."id" AND n."latitude" IS NOT NULL AND n."longitude" IS NOT NULL)`,
        );
  const text = filter.search?.trim();
  if (!text) return joinFragments([sql(" WHERE"), scope], " ");
  const has = (column: string) => containsInsensitive(provider, column, text);
  const matches = joinFragments(
    [
      has(`r."routeNumber"`),
      has(`c."carrierName"`),
      has(`u."userId"`),
      joinFragments(
        [
          sql(
            `EXISTS (SELECT 1 FROM "Load" l LEFT JOIN "Carrier" lc ON lc."id" = l."carrierId" LEFT JOIN "User" lu ON lu."id" = l."assignedUserId" WHERE l."routeId" = r."id" AND (`,
          ),
          joinFragments([has(`l."loadId"`), has(`lc."carrierName"`), has(`lu."userId"`)], " OR "),
          sql("))"),
        ],
        "",
      ),
    ],
    " OR ",
  );
  return joinFragments([sql(" WHERE"), scope, sql("AND ("), matches, sql(")")], " ");
}

export async function countTrackedRoutesSql(reader: SqlReader, filter: TrackedRouteFilter): Promise<number> {
  const where = filterSql(reader.provider, filter);
  const joins = filter.search?.trim()
    ? ` LEFT JOIN "Carrier" c ON c."id" = r."carrierId" LEFT JOIN "User" u ON u."id" = r."assignedUserId"`
    : "";
  const [row] = await reader.all<{ count: number | bigint }>(
    joinFragments([sql(`SELECT COUNT(*) AS "count" FROM "Route" r${joins}`), where], ""),
  );
  return Number(row?.count ?? 0);
}

/** One page of routes by route number. */
export async function trackedRoutePage(
  reader: SqlReader,
  filter: TrackedRouteFilter,
  page: { offset: number; limit: number; direction: "asc" | "desc" },
  parts: TrackedParts = ALL_PARTS,
): Promise<TrackedRoute[]> {
  const direction = page.direction === "desc" ? "DESC" : "ASC";
  const rows = await reader.all<RouteRow>(
    joinFragments(
      [
        sql(ROUTE_SELECT),
        filterSql(reader.provider, filter),
        sql(` ORDER BY r."routeNumber" ${direction} LIMIT ? OFFSET ?`, page.limit, page.offset),
      ],
      "",
    ),
  );
  return withParts(reader, rows, parts);
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
