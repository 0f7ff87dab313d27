import { generateRouteNumber } from "../../common/routing.ts";
import type { SqlWork } from "../db/bulk.ts";
import type { Db } from "../db/client.ts";
import type { Store } from "../db/kysely.ts";
import { createRowId } from "../lib/ids.ts";
import { insertNewRoutes, routeIdsOfNumbers } from "./store-numbers.ts";

/**
 * A load names its route by number; a number no route has yet starts that route. These are the
 * two ways loads reach the Route table (the routing domain owns everything else about routes).
 */
type RouteWriter = Pick<Db, "route">;

/** The route's id, creating the route when the number is new. */
export async function ensureRouteId(db: RouteWriter, routeNumber: string): Promise<string> {
  const route = await db.route.upsert({
    where: { routeNumber },
    update: {},
    create: { routeNumber },
    select: { id: true },
  });
  return route.id;
}

/**
 * The route with this number, or a new one for the driver and carrier when the number is new
 * (manual assignment). `created` tells the caller to audit it. Two requests starting the same
 * number at once: one fails on the unique number and may retry to join the other's route.
 */
export async function routeForNumber(
  tx: RouteWriter,
  routeNumber: string,
  owner: { carrierId: string; assignedUserId: string },
): Promise<{ route: { id: string; routeNumber: string }; created: boolean }> {
  const select = { id: true, routeNumber: true } as const;
  const found = await tx.route.findUnique({ where: { routeNumber }, select });
  if (found) return { route: found, created: false };
  return { route: await tx.route.create({ data: { routeNumber, ...owner }, select }), created: true };
}

/** The bulk form, inside a bulk write transaction: every number's route id. */
export function* ensureRoutes(
  db: Store,
  routeNumbers: Iterable<string>,
  now: Date,
): SqlWork<Map<string, string>> {
  const numbers = [...new Set(routeNumbers)];
  const rows = numbers.map((routeNumber) => ({
    id: createRowId(),
    routeNumber,
    createdAt: now,
    updatedAt: now,
  }));
  yield* insertNewRoutes(db, rows);
  return yield* routeIdsOfNumbers(db, numbers);
}

/** How many candidates one look-up tries; 36² numbers exist per day. */
const CANDIDATES_PER_TRY = 12;

/**
 * A generated number (spec section 9) that no route holds at the time of answering. Creation
 * still refuses a number taken in between with a 409.
 */
export async function unusedRouteNumber(
  db: Pick<Db, "route">,
  now = new Date(),
  random: () => number = Math.random,
): Promise<string | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidates = [
      ...new Set(Array.from({ length: CANDIDATES_PER_TRY }, () => generateRouteNumber(now, random))),
    ];
    const taken = await db.route.findMany({
      where: { routeNumber: { in: candidates } },
      select: { routeNumber: true },
    });
    const takenNumbers = new Set(taken.map((route) => route.routeNumber));
    const free = candidates.find((candidate) => !takenNumbers.has(candidate));
    if (free) return free;
  }
  return null;
}

/** The route numbers of these routes (audit trail links). */
export function routeNumbersOf(db: Pick<Db, "route">, ids: string[]) {
  return db.route.findMany({ where: { id: { in: ids } }, select: { id: true, routeNumber: true } });
}
