import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { providerOf } from "../db/client.ts";
import { containsInsensitive, joinFragments, queryRows, sql } from "../db/sql.ts";
import type { NassCode, Prisma } from "../generated/sqlite/client.ts";
import type { OffsetWindow } from "../graphql/offset-paging.ts";

/** The NASS record as the spec's REST payloads carry it. */
export function nassJson(nass: NassCode) {
  return {
    _id: nass.id,
    code: nass.code,
    region: nass.region,
    division: nass.division,
    fdbid: nass.fdbid,
    facilityName: nass.facilityName,
    street: nass.street,
    city: nass.city,
    state: nass.state,
    zip: nass.zip,
    typeCode: nass.typeCode,
    subType: nass.subType,
    facType: nass.facType,
    originating: nass.originating,
    destinating: nass.destinating,
  };
}

/** GET /routing/nass: every code, ordered by code. The screen pages and filters them itself. */
export async function listAllNassCodes(ctx: Context): Promise<NassCode[]> {
  requireAdmin(ctx);
  return ctx.db.nassCode.findMany({ orderBy: { code: "asc" } });
}

function searchWhere(ctx: Context, search: string | null | undefined) {
  const text = search?.trim();
  if (!text) return sql("");
  const provider = providerOf(ctx.config.databaseUrl);
  const any = joinFragments(
    [`n."code"`, `n."facilityName"`, `n."city"`].map((column) => containsInsensitive(provider, column, text)),
    " OR ",
  );
  return { sql: ` WHERE (${any.sql})`, params: any.params };
}

/** For the stop editor's NASS picker: text in the code, facility name or city, any case. */
export async function countNassCodes(ctx: Context, search: string | null | undefined): Promise<number> {
  requireAdmin(ctx);
  const where = searchWhere(ctx, search);
  const [row] = await queryRows<{ count: number | bigint }>(ctx.db, providerOf(ctx.config.databaseUrl), {
    sql: `SELECT COUNT(*) AS "count" FROM "NassCode" n${where.sql}`,
    params: where.params,
  });
  return Number(row.count);
}

export async function findNassCodePage<Query extends { include?: unknown; select?: unknown }>(
  ctx: Context,
  search: string | null | undefined,
  window: OffsetWindow,
  query: Query,
  direction: "asc" | "desc" = "asc",
): Promise<NassCode[]> {
  requireAdmin(ctx);
  const where = searchWhere(ctx, search);
  const ids = await queryRows<{ id: string }>(ctx.db, providerOf(ctx.config.databaseUrl), {
    sql: `SELECT n."id" AS "id" FROM "NassCode" n${where.sql} ORDER BY n."code" ${direction === "desc" ? "DESC" : "ASC"} LIMIT ? OFFSET ?`,
    params: [...where.params, window.limit + 1, window.offset],
  });
  const rows = await ctx.db.nassCode.findMany({
    ...(query as Prisma.NassCodeFindManyArgs),
    where: { id: { in: ids.map((row) => row.id) } },
  });
  const position = new Map(ids.map((row, index) => [row.id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
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
