import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { providerOf } from "../db/client.ts";
import { queryRows } from "../db/sql.ts";
import type { NassCode, Prisma } from "../generated/sqlite/client.ts";
import type { OffsetWindow } from "../graphql/offset-paging.ts";
import { type NassListFilters, type NassSort, nassCountSql, nassPageSql } from "./list.ts";

export interface NassListRequest {
  filters: NassListFilters;
  sort: NassSort;
  window: OffsetWindow;
}

/** For the stop editor's NASS picker and the NASS table: a constant number of queries a page. */
export async function countNassCodes(ctx: Context, filters: NassListFilters): Promise<number> {
  requireAdmin(ctx);
  const provider = providerOf(ctx.config.databaseUrl);
  const [row] = await queryRows<{ count: number | bigint }>(
    ctx.db,
    provider,
    nassCountSql(provider, filters),
  );
  return Number(row.count);
}

export async function findNassCodePage<Query extends { include?: unknown; select?: unknown }>(
  ctx: Context,
  { filters, sort, window }: NassListRequest,
  query: Query,
): Promise<NassCode[]> {
  requireAdmin(ctx);
  const provider = providerOf(ctx.config.databaseUrl);
  const ids = await queryRows<{ id: string }>(
    ctx.db,
    provider,
    nassPageSql(provider, filters, sort, window.offset, window.limit + 1),
  );
  if (ids.length === 0) return [];
  const rows = await ctx.db.nassCode.findMany({
    ...(query as Prisma.NassCodeFindManyArgs),
    where: { id: { in: ids.map((row) => row.id) } },
  });
  const position = new Map(ids.map((row, index) => [row.id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** The values the NASS filters offer (distinct regions, divisions, states and facility types). */
export async function nassFacets(ctx: Context) {
  requireAdmin(ctx);
  const distinct = async (field: "region" | "division" | "state" | "facType") =>
    (
      await ctx.db.nassCode.findMany({
        where: { [field]: { not: null } },
        distinct: [field],
        select: { [field]: true },
        orderBy: { [field]: "asc" },
        take: 500,
      })
    ).map((row) => (row as unknown as Record<string, string>)[field]);
  const [regions, divisions, states, facilityTypes] = await Promise.all([
    distinct("region"),
    distinct("division"),
    distinct("state"),
    distinct("facType"),
  ]);
  return { regions, divisions, states, facilityTypes };
}

/**
 * Resolves what a stop row names — the record's database id or its code — to record ids.
 * Returns the references that match nothing under `unknown`.
 */
export async function resolveNassReferences(
  db: Pick<Db, "nassCode">,
  references: string[],
): Promise<{ idByReference: Map<string, string>; unknown: string[] }> {
  const unique = [...new Set(references)];
  const found = unique.length
    ? await db.nassCode.findMany({
        where: { OR: [{ id: { in: unique } }, { code: { in: unique } }] },
        select: { id: true, code: true },
      })
    : [];
  const idByReference = new Map<string, string>();
  for (const row of found) {
    idByReference.set(row.code, row.id);
    idByReference.set(row.id, row.id);
  }
  return { idByReference, unknown: unique.filter((reference) => !idByReference.has(reference)) };
}

/** Located facilities with a city inside a latitude/longitude box (at most 500), for "near Dallas, TX". */
export function facilityCitiesIn(
  db: Pick<Db, "nassCode">,
  box: { lat: [number, number]; lng: [number, number] },
) {
  return db.nassCode.findMany({
    where: {
      latitude: { gte: box.lat[0], lte: box.lat[1] },
      longitude: { gte: box.lng[0], lte: box.lng[1] },
      city: { not: null },
    },
    select: { city: true, state: true, latitude: true, longitude: true },
    take: 500,
  });
}
