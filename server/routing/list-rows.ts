import type { Store } from "../db/kysely.ts";
import { datedLoadsOf, type RoutePageRow, type RouteRowPlan, stopCodesOf } from "./store-list.ts";

/**
 * A route list page read through the driver in at most three statements (the page statement with
 * the routes' joined and counted fields, the dated loads, the stops' facilities) instead of Prisma's query per
 * relation, when the page selects only what the list screens show. Rows come back shaped as
 * Prisma would answer the same `select`, so the Route type's fields read them unchanged.
 */

type Select = Record<string, unknown>;

const SCALARS = new Set([
  "id",
  "routeNumber",
  "carrierId",
  "assignedUserId",
  "createdAt",
  "updatedAt",
  "version",
]);

/** Exactly `{select: {<field>: true}}`. */
function selectsOnly(value: unknown, field: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { select, ...rest } = value as { select?: Select };
  if (Object.keys(rest).length > 0 || !select) return false;
  const keys = Object.keys(select);
  return keys.length === 1 && keys[0] === field && select[field] === true;
}

/** The Route type's `loads` as the derived dates read them: loadId, pickupDate, deliveryDate in running order. */
function isDatedLoads(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { select, orderBy, ...rest } = value as { select?: Select; orderBy?: unknown };
  if (Object.keys(rest).length > 0 || !select) return false;
  const order = JSON.stringify(orderBy);
  const keys = Object.keys(select).sort().join(",");
  return (
    order === `[{"pickupDate":{"sort":"asc","nulls":"last"}},{"loadId":"asc"}]` &&
    keys === "deliveryDate,loadId,pickupDate" &&
    Object.values(select).every((on) => on === true)
  );
}

/** The Route type's `stops` as the pickup/delivery NASS fields read them. */
function isStopCodes(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { select, orderBy, ...rest } = value as { select?: Select; orderBy?: unknown };
  if (Object.keys(rest).length > 0 || !select) return false;
  const { nassCode, sequence, type, ...others } = select;
  return (
    JSON.stringify(orderBy) === `[{"sequence":"asc"},{"id":"asc"}]` &&
    Object.keys(others).length === 0 &&
    sequence === true &&
    type === true &&
    selectsOnly(nassCode, "code")
  );
}

export function routeRowPlan(query: { select?: Select; include?: unknown }): RouteRowPlan | null {
  if (query.include || !query.select) return null;
  const plan: RouteRowPlan = {
    scalars: ["id"],
    carrierName: false,
    assignedUserKey: false,
    loadCount: false,
    stopCount: false,
    datedLoads: false,
    stopCodes: false,
  };
  for (const [key, value] of Object.entries(query.select)) {
    if (!value) continue;
    if (SCALARS.has(key) && value === true) {
      if (key !== "id") plan.scalars.push(key);
    } else if (key === "carrier" && selectsOnly(value, "carrierName")) plan.carrierName = true;
    else if (key === "assignedUser" && selectsOnly(value, "userId")) plan.assignedUserKey = true;
    else if (key === "loads" && isDatedLoads(value)) plan.datedLoads = true;
    else if (key === "stops" && isStopCodes(value)) plan.stopCodes = true;
    else if (key === "_count") {
      const counted = (value as { select?: Select }).select ?? {};
      for (const [relation, on] of Object.entries(counted)) {
        if (relation === "loads" && on === true) plan.loadCount = true;
        else if (relation === "stops" && on === true) plan.stopCount = true;
        else return null;
      }
    } else return null;
  }
  return plan;
}

function grouped<Row extends { routeId: string }>(rows: Row[]): Map<string, Row[]> {
  const byRoute = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byRoute.get(row.routeId);
    if (list) list.push(row);
    else byRoute.set(row.routeId, [row]);
  }
  return byRoute;
}

/** The page statement's rows (in page order) shaped as Prisma answers `plan`'s selection. */
export async function routeRowsOfPlan(
  db: Store,
  plan: RouteRowPlan,
  routes: RoutePageRow[],
): Promise<object[]> {
  const ids = routes.map((route) => route.id);
  const [loads, stops] = await Promise.all([
    plan.datedLoads ? datedLoadsOf(db, ids) : [],
    plan.stopCodes ? stopCodesOf(db, ids) : [],
  ]);
  const loadsByRoute = grouped(loads);
  const stopsByRoute = grouped(stops);
  return routes.map((row) => {
    const route: Record<string, unknown> = {};
    for (const column of plan.scalars) route[column] = row[column] ?? null;
    if (plan.carrierName) {
      route.carrier = row.joinedCarrierName == null ? null : { carrierName: row.joinedCarrierName };
    }
    if (plan.assignedUserKey) {
      route.assignedUser = row.joinedUserKey == null ? null : { userId: row.joinedUserKey };
    }
    if (plan.loadCount || plan.stopCount) {
      route._count = {
        ...(plan.loadCount ? { loads: Number(row.loadCount) } : {}),
        ...(plan.stopCount ? { stops: Number(row.stopCount) } : {}),
      };
    }
    if (plan.datedLoads) {
      route.loads = (loadsByRoute.get(row.id) ?? []).map(({ loadId, pickupDate, deliveryDate }) => ({
        loadId,
        pickupDate,
        deliveryDate,
      }));
    }
    if (plan.stopCodes) {
      route.stops = (stopsByRoute.get(row.id) ?? []).map((stop) => ({
        sequence: stop.sequence,
        type: stop.type,
        nassCode: stop.code === null ? null : { code: stop.code },
      }));
    }
    return route;
  });
}
