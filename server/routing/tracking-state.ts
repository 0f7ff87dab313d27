import { all, run, type SqlWork } from "../db/bulk.ts";
import { type Column, postgresArray } from "../db/bulk-statements.ts";
import type { Db, DbProvider } from "../db/client.ts";
import { toDateOrNull } from "../db/reader.ts";
import type { SqlValue } from "../db/sql.ts";
import type { RawRouteReport, RawStopRow, RouteReportState } from "./tracked-reads.ts";

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

/**
 * The same two writes as SQL for the driver's write transaction (tracking's hot path), with the
 * read of the routes' report state they follow. PostgreSQL locks the routes, in route-number
 * order, until the transaction ends: batches of one route apply one after the other.
 */
interface ReportRouteRow extends RawRouteReport {
  id: string;
  routeNumber: string;
  assignedUserId: string | null;
  carrierId: string | null;
}

const REPORT_ROUTE_COLUMNS = `"id", "routeNumber", "assignedUserId", "carrierId", "lastLat", "lastLng", "lastPositionAt", "lastSpeedMph", "lastHeading", "etaMinutes", "nextStopEtaMinutes"`;

/** `column` is one of the values of a JSON / array parameter: one statement text for any count. */
function oneOf(provider: DbProvider, column: string): string {
  return provider === "postgresql"
    ? `${column} = ANY(?::text[])`
    : `${column} IN (SELECT "value" FROM json_each(?))`;
}

function listParam(provider: DbProvider, values: string[]): string {
  return provider === "postgresql" ? postgresArray(values) : JSON.stringify(values);
}

export function* reportStatesSql(
  provider: DbProvider,
  routeNumbers: string[],
): SqlWork<Map<string, RouteReportState>> {
  const lock = provider === "postgresql" ? ` ORDER BY "routeNumber" FOR UPDATE` : "";
  const routes = yield* all<ReportRouteRow>(
    `SELECT ${REPORT_ROUTE_COLUMNS} FROM "Route" WHERE ${oneOf(provider, `"routeNumber"`)}${lock}`,
    [listParam(provider, routeNumbers)],
  );
  const states = new Map<string, RouteReportState>();
  if (routes.length === 0) return states;
  const stops = yield* all<RawStopRow>(
    `SELECT s."id", s."routeId", s."sequence", s."type", s."arrivedAt", s."departedAt", n."latitude", n."longitude" FROM "RouteStop" s LEFT JOIN "NassCode" n ON n."id" = s."nassCodeId" WHERE ${oneOf(provider, `s."routeId"`)} ORDER BY s."routeId", s."sequence", s."id"`,
    [
      listParam(
        provider,
        routes.map((route) => route.id),
      ),
    ],
  );
  const byRoute = new Map<string, RouteReportState>();
  for (const row of routes) {
    const state: RouteReportState = {
      ...row,
      lastPositionAt: toDateOrNull(row.lastPositionAt),
      stops: [],
    };
    byRoute.set(row.id, state);
    states.set(row.routeNumber, state);
  }
  for (const stop of stops) {
    byRoute.get(stop.routeId)?.stops.push({
      id: stop.id,
      sequence: stop.sequence,
      type: stop.type,
      arrivedAt: toDateOrNull(stop.arrivedAt),
      departedAt: toDateOrNull(stop.departedAt),
      nassCode:
        stop.latitude === null && stop.longitude === null
          ? null
          : { latitude: stop.latitude, longitude: stop.longitude },
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
] as const satisfies readonly Column[];

function trackingValues(columns: RouteTrackingColumns): SqlValue[] {
  return TRACKING_COLUMNS.map((column) => columns[column.name]);
}

/** Each route's tracking columns (and updatedAt), in one statement on PostgreSQL. */
export function* writeRouteTrackingStatesSql(
  provider: DbProvider,
  changes: { routeId: string; columns: RouteTrackingColumns }[],
  now: Date,
): SqlWork<void> {
  if (changes.length === 0) return;
  const names = TRACKING_COLUMNS.map((column) => `"${column.name}"`);
  if (provider === "postgresql") {
    const values = changes.map((change) => trackingValues(change.columns));
    yield* run(
      `UPDATE "Route" AS t SET ${names.map((name) => `${name} = v.${name}`).join(", ")}, "updatedAt" = ?::timestamp(3) FROM unnest(?::text[], ${TRACKING_COLUMNS.map((column) => `?::${column.type}[]`).join(", ")}) AS v("id", ${names.join(", ")}) WHERE t."id" = v."id"`,
      [
        now,
        postgresArray(changes.map((change) => change.routeId)),
        ...TRACKING_COLUMNS.map((_, index) => postgresArray(values.map((row) => row[index]))),
      ],
    );
    return;
  }
  const set = `${names.map((name) => `${name} = ?`).join(", ")}, "updatedAt" = ?`;
  for (const change of changes) {
    yield* run(`UPDATE "Route" SET ${set} WHERE "id" = ?`, [
      ...trackingValues(change.columns),
      now,
      change.routeId,
    ]);
  }
}
