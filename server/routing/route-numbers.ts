import { all, inList, MAX_PARAMS_PER_STATEMENT, placeholders, run, type SqlWork } from "../db/bulk.ts";
import type { Db } from "../db/client.ts";
import { createRowId } from "../lib/ids.ts";

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

/** The bulk form, inside a bulk write transaction: every number's route id. */
export function* ensureRoutes(routeNumbers: Iterable<string>, now: Date): SqlWork<Map<string, string>> {
  const numbers = [...new Set(routeNumbers)];
  const idByNumber = new Map<string, string>();
  const chunk = Math.floor(MAX_PARAMS_PER_STATEMENT / 4);
  for (let start = 0; start < numbers.length; start += chunk) {
    const part = numbers.slice(start, start + chunk);
    yield* run(
      `INSERT INTO "Route" ("id", "routeNumber", "createdAt", "updatedAt") VALUES ${placeholders(part.length, 4)} ON CONFLICT ("routeNumber") DO NOTHING`,
      part.flatMap((number) => [createRowId(), number, now, now]),
    );
    const rows = yield* all<{ id: string; routeNumber: string }>(
      `SELECT "id", "routeNumber" FROM "Route" WHERE "routeNumber" IN (${inList(part.length)})`,
      part,
    );
    for (const row of rows) idByNumber.set(row.routeNumber, row.id);
  }
  return idByNumber;
}
