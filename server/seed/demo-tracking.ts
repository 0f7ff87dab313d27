import { routePath } from "../../common/route-path.ts";
import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { createRowId } from "../lib/ids.ts";
import { reportPositions } from "../tracking/ingest.ts";
import { actingAs } from "./acting-as.ts";

/** Demo trucks report every 10 minutes at about 50 mph. */
const STEP_MILES = 8;
const STEP_MS = 10 * 60_000;

/**
 * A few demo routes mid-way with their history, as the simulator would have left them: stops
 * from their first load (routes made by uploads have none yet), positions from the first pickup
 * to part of the way, ending a few minutes ago.
 */
export async function seedDemoTracking(deps: Deps, admin: User, count = 4): Promise<void> {
  const { db } = deps;
  const ctx = actingAs(deps, admin);
  const loads = await db.load.findMany({
    where: { routeId: { not: null }, status: { in: ["pending", "in_transit"] }, stops: { some: {} } },
    orderBy: { loadId: "asc" },
    // Demo routes group several loads: one truck per route.
    distinct: ["routeId"],
    take: count,
    include: {
      route: { select: { id: true, routeNumber: true, _count: { select: { stops: true } } } },
      stops: { orderBy: { sequence: "asc" }, include: { nassCode: true } },
    },
  });
  for (const [index, load] of loads.entries()) {
    const route = load.route!;
    if (route._count.stops === 0) {
      // Demo data only: routing owns route stops; the uploaded routes have none yet.
      await db.routeStop.createMany({
        data: load.stops.map((stop) => ({
          id: createRowId(),
          routeId: route.id,
          sequence: stop.sequence,
          type: stop.type,
          nassCodeId: stop.nassCodeId,
        })),
      });
    }
    const located = load.stops.flatMap((stop) =>
      stop.nassCode?.latitude != null && stop.nassCode.longitude != null
        ? [{ lat: stop.nassCode.latitude, lng: stop.nassCode.longitude }]
        : [],
    );
    const path = routePath(located, STEP_MILES);
    const share = 0.3 + 0.15 * index;
    const driven = path.slice(0, Math.max(3, Math.floor(path.length * share)));
    const end = Date.now() - 3 * 60_000;
    const positions = driven.map((point, step) => ({
      ...point,
      recordedAt: new Date(end - (driven.length - 1 - step) * STEP_MS).toISOString(),
      speedMph: step < 2 ? 0 : 48,
    }));
    for (let start = 0; start < positions.length; start += 500) {
      await reportPositions(ctx, route.routeNumber, { positions: positions.slice(start, start + 500) });
    }
  }
}
