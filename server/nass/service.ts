import { greatCircleMiles } from "../../common/geo.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { startsWithText } from "../db/contains-text.ts";
import { readStore } from "../db/kysely.ts";
import type { DbProvider } from "../db/url.ts";
import type { NassCode, Prisma } from "../generated/sqlite/client.ts";
import { createRowId } from "../lib/ids.ts";
import { inIdOrder } from "../lib/order.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs, type PageRead } from "../lib/paging.ts";
import type { NassListFilters, NassSort } from "./list.ts";
import { countNassRows, nassPage } from "./store.ts";
import { NASS_VALUE_FIELDS } from "./values.ts";

export interface NassListRequest {
  filters: NassListFilters;
  sort: NassSort;
  paging: OffsetPageArgs;
}

export const NASS_PAGING = { defaultSize: 50, maxSize: 500 };

/** For the stop editor's NASS picker and the NASS table: a constant number of queries a page. */
export async function countNassCodes(ctx: Context, filters: NassListFilters): Promise<number> {
  requireAdmin(ctx);
  return countNassRows(readStore(ctx.sql), filters);
}

type NassQuery = { include?: unknown; select?: unknown };

/** One page of NASS codes, GraphQL's and REST's; a short page tells the total without a count. */
export function findNassCodePage(
  ctx: Context,
  { filters, sort, paging }: NassListRequest,
  query: NassQuery,
): Promise<OffsetConnection<NassCode>> {
  requireAdmin(ctx);
  let knownTotal: number | null = null;
  return numberedPage(
    paging,
    NASS_PAGING,
    async () => knownTotal ?? countNassCodes(ctx, filters),
    async ({ skip, take }) => {
      const rows = await nassCodeRows(ctx, filters, sort, { skip, take }, query);
      if (rows.length < take && (rows.length > 0 || skip === 0)) knownTotal = skip + rows.length;
      return rows;
    },
  );
}

async function nassCodeRows(
  ctx: Context,
  filters: NassListFilters,
  sort: NassSort,
  { skip, take }: PageRead,
  query: NassQuery,
): Promise<NassCode[]> {
  const db = readStore(ctx.sql);
  const page = { offset: skip, limit: take };
  const columns = selectedColumns(query);
  if (columns) {
    const rows = await nassPage(db, filters, sort, page, columns);
    return rows.map((row) => nassRow(row, columns));
  }
  const ids = (await nassPage(db, filters, sort, page)) as { id: string }[];
  if (ids.length === 0) return [];
  const rows = await ctx.db.nassCode.findMany({
    ...(query as Prisma.NassCodeFindManyArgs),
    where: { id: { in: ids.map((row) => row.id) } },
  });
  return inIdOrder(
    rows,
    ids.map((row) => row.id),
  );
}

/** Every column of the NassCode row. */
const COLUMNS = new Set<string>(["id", "createdAt", "version", "geofenceRadiusMeters", ...NASS_VALUE_FIELDS]);

/**
 * The NassCode columns a Prisma `select` of columns only names (then the page statement reads
 * them itself, one statement instead of ids + Prisma), else null.
 */
function selectedColumns(query: { include?: unknown; select?: unknown }): string[] | null {
  if (query.include || !query.select) return null;
  const columns = new Set(["id"]);
  for (const [key, on] of Object.entries(query.select as Record<string, unknown>)) {
    if (!on) continue;
    if (!COLUMNS.has(key) || on !== true) return null;
    columns.add(key);
  }
  return [...columns];
}

/** A store row as Prisma gives the same columns (every selected one, null when empty). */
function nassRow(row: Record<string, unknown>, columns: string[]): NassCode {
  const typed: Record<string, unknown> = {};
  for (const column of columns) typed[column] = row[column] ?? null;
  return typed as unknown as NassCode;
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
 * Planned stops as new rows in sequence order, each naming its resolved NASS record (every
 * reference must be in `idByReference`: check for unknown ones first).
 */
export function stopRowsOf<Type extends string>(
  stops: readonly { sequence: number; type: Type; nassReference: string }[],
  idByReference: ReadonlyMap<string, string>,
): { id: string; sequence: number; type: Type; nassCodeId: string }[] {
  return [...stops]
    .sort((a, b) => a.sequence - b.sequence)
    .map((stop) => ({
      id: createRowId(),
      sequence: stop.sequence,
      type: stop.type,
      nassCodeId: idByReference.get(stop.nassReference)!,
    }));
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

/**
 * A city's point: the mean of its located facilities' coordinates (the NASS table is the
 * platform's list of places). Null when the city has no located facility.
 */
export async function cityPoint(
  db: Pick<Db, "nassCode">,
  place: { city: string; state: string },
): Promise<{ lat: number; lng: number } | null> {
  const mean = await db.nassCode.aggregate({
    where: { city: place.city, state: place.state, latitude: { not: null }, longitude: { not: null } },
    _avg: { latitude: true, longitude: true },
  });
  const { latitude, longitude } = mean._avg;
  return latitude === null || longitude === null ? null : { lat: latitude, lng: longitude };
}

/** Located facilities within `miles` (great circle) of a point: a box read, then the exact circle. */
export async function facilityIdsWithin(
  db: Pick<Db, "nassCode">,
  point: { lat: number; lng: number },
  miles: number,
): Promise<string[]> {
  const latSpan = miles / 69;
  const lngSpan = miles / (69 * Math.max(0.1, Math.cos((point.lat * Math.PI) / 180)));
  const rows = await db.nassCode.findMany({
    where: {
      latitude: { gte: point.lat - latSpan, lte: point.lat + latSpan },
      longitude: { gte: point.lng - lngSpan, lte: point.lng + lngSpan },
    },
    select: { id: true, latitude: true, longitude: true },
    take: 5000,
  });
  return rows
    .filter(
      (row) =>
        row.latitude !== null &&
        row.longitude !== null &&
        greatCircleMiles(point, { lat: row.latitude, lng: row.longitude }) <= miles,
    )
    .map((row) => row.id);
}

/** Cities with located facilities whose name starts with `prefix` (the board's city picker), at most 20. */
export async function locatedCities(
  db: Pick<Db, "nassCode">,
  provider: DbProvider,
  prefix: string,
): Promise<{ city: string; state: string }[]> {
  const rows = await db.nassCode.findMany({
    where: {
      city: startsWithText(provider, prefix.trim().slice(0, 100)),
      state: { not: null },
      latitude: { not: null },
      longitude: { not: null },
    },
    distinct: ["city", "state"],
    select: { city: true, state: true },
    orderBy: [{ city: "asc" }, { state: "asc" }],
    take: 20,
  });
  return rows.flatMap((row) => (row.city && row.state ? [{ city: row.city, state: row.state }] : []));
}
