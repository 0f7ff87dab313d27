import type { Db } from "../db/client.ts";
import { NEXT_VERSION } from "../lib/row-version.ts";
import type { MemberLoadStop, RouteMemberLoad } from "../routing/load-membership.ts";

/**
 * How the routing domain reads and moves loads between routes: the loads domain owns the Load
 * table, so these are the only writes of Load.routeId from outside it. Pass the transaction in.
 */
type LoadAccess = Pick<Db, "load">;

/** Loads by loadId or database id; `unknown` lists the references that match none. */
export async function findLoadsByReference(
  db: LoadAccess,
  references: string[],
): Promise<{ loads: RouteMemberLoad[]; unknown: string[] }> {
  const unique = [...new Set(references)];
  if (unique.length === 0) return { loads: [], unknown: [] };
  const rows = await db.load.findMany({
    where: { OR: [{ loadId: { in: unique } }, { id: { in: unique } }] },
    select: {
      id: true,
      loadId: true,
      routeId: true,
      assignedUserId: true,
      carrierId: true,
      route: { select: { routeNumber: true } },
    },
  });
  const matched = new Set(rows.flatMap((row) => [row.id, row.loadId]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    loads: [...byId.values()].map((row) => ({
      id: row.id,
      loadId: row.loadId,
      routeId: row.routeId,
      routeNumber: row.route?.routeNumber ?? null,
      assignedUserId: row.assignedUserId,
      carrierId: row.carrierId,
    })),
    unknown: unique.filter((reference) => !matched.has(reference)),
  };
}

/** The loads on a route now, as routing reads members. */
export async function loadsOnRoute(db: LoadAccess, routeId: string): Promise<RouteMemberLoad[]> {
  const rows = await db.load.findMany({
    where: { routeId },
    select: {
      id: true,
      loadId: true,
      routeId: true,
      assignedUserId: true,
      carrierId: true,
      route: { select: { routeNumber: true } },
    },
    orderBy: { loadId: "asc" },
  });
  return rows.map((row) => ({
    id: row.id,
    loadId: row.loadId,
    routeId: row.routeId,
    routeNumber: row.route?.routeNumber ?? null,
    assignedUserId: row.assignedUserId,
    carrierId: row.carrierId,
  }));
}

/**
 * Puts these loads (database ids) on the route, taking them off any other; the load list's sort
 * copy of the route number (Load.routeNumber, see sort-copies.ts) follows.
 */
export async function putLoadsOnRoute(
  db: LoadAccess,
  route: { id: string; routeNumber: string },
  loadIds: string[],
): Promise<void> {
  if (loadIds.length === 0) return;
  await db.load.updateMany({
    where: { id: { in: loadIds } },
    data: { routeId: route.id, routeNumber: route.routeNumber, ...NEXT_VERSION },
  });
}

/** Takes every load of the route off it except `keep` (database ids). */
export async function releaseLoadsFromRoute(
  db: LoadAccess,
  routeId: string,
  keep: string[],
): Promise<number> {
  const result = await db.load.updateMany({
    where: { routeId, id: { notIn: keep } },
    data: { routeId: null, routeNumber: null, ...NEXT_VERSION },
  });
  return result.count;
}

/** The stops of these loads (database ids) with each load's pickup date, for a new route's stops. */
export async function stopsOfLoads(db: LoadAccess, loadIds: string[]): Promise<MemberLoadStop[]> {
  if (loadIds.length === 0) return [];
  const loads = await db.load.findMany({
    where: { id: { in: loadIds } },
    select: {
      loadId: true,
      pickupDate: true,
      stops: {
        select: { sequence: true, type: true, nassCodeId: true },
        orderBy: [{ sequence: "asc" }, { id: "asc" }],
      },
    },
  });
  return loads.flatMap((load) =>
    load.stops.map((stop) => ({ ...stop, loadId: load.loadId, pickupDate: load.pickupDate })),
  );
}
