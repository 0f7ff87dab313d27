import { selectWhereIn } from "../db/bulk-statements.ts";
import type { DbProvider } from "../db/client.ts";
import type { Store } from "../db/kysely.ts";
import { anyColumnContains, countOf } from "../db/store-sql.ts";
import type { NassListFilters, NassSort } from "./list.ts";

/** NASS's store: the NASS table's page and count, and the codes an import finds already there. */

function listedCodes(db: Store, filters: NassListFilters) {
  const search = filters.search?.trim();
  return db.selectFrom("NassCode as n").where((eb) => {
    const conditions = [];
    if (search) {
      conditions.push(
        anyColumnContains(
          db,
          {
            rowid: `"n"."rowid"`,
            ftsTable: "NassSearch",
            columns: [
              eb.ref("n.code"),
              eb.ref("n.facilityName"),
              eb.ref("n.city"),
              eb.ref("n.state"),
              eb.ref("n.zip"),
            ],
          },
          search,
        ),
      );
    }
    for (const field of ["region", "division", "state", "facType"] as const) {
      const value = filters[field]?.trim();
      if (value) conditions.push(eb(`n.${field}`, "=", value));
    }
    for (const field of ["originating", "destinating"] as const) {
      const value = filters[field];
      if (value === true || value === false) conditions.push(eb(`n.${field}`, "=", value));
    }
    return eb.and(conditions);
  });
}

export async function countNassRows(db: Store, filters: NassListFilters): Promise<number> {
  const [row] = await listedCodes(db, filters)
    .select((eb) => eb.fn.countAll().as("count"))
    .execute();
  return countOf(row?.count as number | string | undefined);
}

/** One page's ids (or `columns` of the NassCode row), in order; ties on the unique code. */
export function nassPage(
  db: Store,
  filters: NassListFilters,
  sort: NassSort,
  page: { offset: number; limit: number },
  columns: readonly string[] = ["id"],
): Promise<Record<string, unknown>[]> {
  let query = listedCodes(db, filters)
    .select(columns.map((column) => `n.${column}` as "n.id"))
    .orderBy(`n.${sort.field}`, (order) => {
      const directed = sort.direction === "asc" ? order.asc() : order.desc();
      return sort.field === "code" ? directed : directed.nullsLast();
    });
  if (sort.field !== "code") query = query.orderBy("n.code", "asc");
  return query.limit(page.limit).offset(page.offset).execute();
}

/** The stored codes among these, with their ids and versions (the import's read, in its transaction). */
export function* versionsOfCodes(provider: DbProvider, codes: string[]) {
  return yield* selectWhereIn<{ id: string; code: string; version: number | string }>(
    provider,
    `SELECT "id", "code", "version" FROM "NassCode"`,
    "code",
    codes,
  );
}
