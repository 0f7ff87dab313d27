import type { SqlWork } from "../db/bulk.ts";
import { execute, rowsOf, type Store } from "../db/kysely.ts";
import { type BulkColumn, insertGroups, lookupGroups, oneOf, withRows } from "../db/store-sql.ts";

/** Routes started by number in bulk (an upload's route numbers, route-numbers.ts). */

const ROUTE_COLUMNS = [
  { name: "id", type: "text" },
  { name: "routeNumber", type: "text" },
  { name: "createdAt", type: "timestamp(3)" },
  { name: "updatedAt", type: "timestamp(3)" },
] as const satisfies readonly BulkColumn[];

export interface NewRoute {
  id: string;
  routeNumber: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts these routes, skipping any whose number a route holds already. */
export function* insertNewRoutes(db: Store, rows: NewRoute[]): SqlWork<void> {
  for (const group of insertGroups(db, rows)) {
    yield* execute(
      withRows(db, db.insertInto("Route"), ROUTE_COLUMNS, group).onConflict((conflict) =>
        conflict.column("routeNumber").doNothing(),
      ),
    );
  }
}

/** Each of these numbers' route id (numbers no route holds are left out). */
export function* routeIdsOfNumbers(db: Store, numbers: string[]): SqlWork<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const group of lookupGroups(numbers)) {
    const found = yield* rowsOf(
      db
        .selectFrom("Route")
        .select(["id", "routeNumber"])
        .where((eb) => oneOf(db, eb.ref("routeNumber"), group)),
    );
    for (const route of found) ids.set(route.routeNumber, route.id);
  }
  return ids;
}
