import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { Load, Prisma, UploadBatch } from "../generated/sqlite/client.ts";
import {
  memoize,
  type OffsetConnection,
  type OffsetPageArgs,
  offsetConnection,
  offsetWindow,
} from "../graphql/offset-paging.ts";
import { createRowId } from "../lib/ids.ts";
import { parseInput } from "../lib/validate.ts";
import { resolveNassReferences } from "../nass/service.ts";
import { ensureRouteId } from "../routing/route-numbers.ts";
import { findUser } from "../users/service.ts";
import { type LoadListFilters, type LoadSort, loadCountSql, loadPageSql } from "./list.ts";
import { countLoads, loadsChanged } from "./list-count.ts";
import { type ListedLoad, type LoadPageRow, listedLoad, rowsAnswer } from "./list-rows.ts";
import { carrierNameOf } from "./sort-copies.ts";
import {
  assignDriverInput,
  DRIVER_MUST_BE_CARRIER,
  LOAD_ID_READ_ONLY,
  LOAD_NOT_FOUND,
  type LoadEditInput,
  loadEditInput,
} from "./validation.ts";

/** The list screen shows 50 rows a page. */
export const LOAD_PAGING = { defaultSize: 50, maxSize: 500 };

type FindManyQuery = Pick<Prisma.LoadFindManyArgs, "include" | "select">;

/** A load by database id or by loadId; the screens and the REST paths use either. */
export async function findLoad(
  ctx: Context,
  reference: string,
  query: FindManyQuery = {},
): Promise<Load | null> {
  requireAdmin(ctx);
  return ctx.db.load.findFirst({
    ...(query as object),
    where: { OR: [{ id: reference }, { loadId: reference }] },
  }) as Promise<Load | null>;
}

export async function findLoadByLoadId(
  ctx: Context,
  loadId: string,
  query: FindManyQuery = {},
): Promise<Load | null> {
  requireAdmin(ctx);
  return ctx.db.load.findUnique({ ...(query as object), where: { loadId } }) as Promise<Load | null>;
}

async function loadOrThrow(ctx: Context, reference: string): Promise<Load> {
  const load = await findLoad(ctx, reference);
  if (!load) throw new NotFoundError(LOAD_NOT_FOUND);
  return load;
}

export interface LoadListRequest {
  filters: LoadListFilters;
  sort: LoadSort;
  paging: OffsetPageArgs;
}

/** Deep pages past this offset, in the second half of the list, are read from its other end. */
const REVERSE_AFTER = 10_000;

/**
 * One page of the load list: one statement for the rows (with their route number, carrier name
 * and driver's userId) and, when the page does not tell it, one for the total (cached when large,
 * see list-count.ts). A selection the rows do not answer (e.g. stops) is loaded by Prisma from the
 * page's ids, still a constant number of statements whatever the page size.
 */
export async function findLoadPage(
  ctx: Context,
  { filters, sort, paging }: LoadListRequest,
  query: FindManyQuery = {},
): Promise<OffsetConnection<Load>> {
  requireAdmin(ctx);
  const { provider } = ctx.sql;
  let knownTotal: number | null = null;
  const totalCount = memoize(async () => {
    if (knownTotal !== null) return knownTotal;
    return countLoads(ctx.config.databaseUrl, provider, filters, async () => {
      const [row] = await ctx.sql.all<{ count: number | bigint }>(loadCountSql(provider, filters));
      return Number(row.count);
    });
  });
  const window = await offsetWindow(paging, LOAD_PAGING, totalCount);
  if (window.limit === 0) return offsetConnection([], window, totalCount);

  let rows: ListedLoad[];
  const total = window.offset > REVERSE_AFTER ? await totalCount() : null;
  if (total !== null && window.offset > total / 2) {
    // The same rows, counted from the end: no walk over the offset.
    const end = Math.min(total, window.offset + window.limit);
    const fromEnd = Math.max(0, total - end);
    const count = Math.max(0, end - window.offset);
    const page = await ctx.sql.all<LoadPageRow>(loadPageSql(provider, filters, sort, fromEnd, count, true));
    rows = page.map(listedLoad).reverse();
    // The extra row that says a next page exists.
    if (end < total) rows.push(rows.at(-1)!);
  } else {
    const page = await ctx.sql.all<LoadPageRow>(
      loadPageSql(provider, filters, sort, window.offset, window.limit + 1),
    );
    rows = page.map(listedLoad);
    if (rows.length <= window.limit && (rows.length > 0 || window.offset === 0)) {
      knownTotal = window.offset + rows.length;
    }
  }
  if (rows.length === 0 || rowsAnswer(query)) return offsetConnection(rows, window, totalCount);

  const ids = rows.slice(0, window.limit).map((row) => row.id);
  const loaded = (await ctx.db.load.findMany({ ...(query as object), where: { id: { in: ids } } })) as Load[];
  const position = new Map(ids.map((id, index) => [id, index]));
  loaded.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  if (rows.length > window.limit) loaded.push(loaded.at(-1)!);
  return offsetConnection(loaded, window, totalCount);
}

/** What the REST payloads embed with each load. */
export const LOAD_JSON_INCLUDE = {
  stops: { orderBy: [{ sequence: "asc" }, { id: "asc" }], include: { nassCode: true } },
  route: { select: { routeNumber: true } },
  carrier: { select: { carrierName: true } },
  assignedUser: { select: { userId: true } },
} satisfies Prisma.LoadInclude;

export type LoadWithRelations = Prisma.LoadGetPayload<{ include: typeof LOAD_JSON_INCLUDE }>;

/** GET /loads: every load, newest first. */
export async function listAllLoads(ctx: Context): Promise<LoadWithRelations[]> {
  requireAdmin(ctx);
  return ctx.db.load.findMany({
    include: LOAD_JSON_INCLUDE,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export async function getLoadWithRelations(ctx: Context, reference: string): Promise<LoadWithRelations> {
  const load = await findLoad(ctx, reference, { include: LOAD_JSON_INCLUDE });
  if (!load) throw new NotFoundError(LOAD_NOT_FOUND);
  return load as LoadWithRelations;
}

/** The latest upload, for the list's 'Last update'. */
export async function getLastUpload(
  ctx: Context,
  query: Pick<Prisma.UploadBatchFindFirstArgs, "include" | "select"> = {},
): Promise<UploadBatch | null> {
  requireAdmin(ctx);
  return ctx.db.uploadBatch.findFirst({
    ...(query as object),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  }) as Promise<UploadBatch | null>;
}

/** A CARRIER user by id or userId; admins cannot drive loads. */
async function driverOrThrow(ctx: Context, reference: string, field: string) {
  const user = await findUser(ctx.db, reference);
  if (!user) throw new ValidationError("User not found", [{ field, message: "User not found" }]);
  if (user.role === "ADMIN") {
    throw new ValidationError(DRIVER_MUST_BE_CARRIER, [{ field, message: DRIVER_MUST_BE_CARRIER }]);
  }
  return user;
}

function scalarChanges(input: LoadEditInput): Prisma.LoadUncheckedUpdateInput {
  const origin = input.origin !== undefined ? input.origin : input.originAddress;
  const destination = input.destination !== undefined ? input.destination : input.destinationAddress;
  // Stop rows, when given, are the count; otherwise a count as on the create form.
  const stopCount = Array.isArray(input.stops)
    ? input.stops.length
    : typeof input.stops === "number"
      ? input.stops
      : input.stopCount;
  const changes: Prisma.LoadUncheckedUpdateInput = {
    bolNumber: input.bolNumber,
    customer: input.customer,
    status: input.status,
    mode: input.mode,
    referenceNumber: input.referenceNumber,
    weight: input.weight,
    volume: input.volume,
    freightClass: input.freightClass,
    commodity: input.commodity,
    orderInfo: input.orderInfo,
    additionalData: input.additionalData,
    stopCount,
    originAddress: origin,
    destinationAddress: destination,
    pickupDate: input.pickupDate,
    deliveryDate: input.deliveryDate,
    appointmentsRequired: input.appointmentsRequired,
    appointmentsConfirmed: input.appointmentsConfirmed,
    trackingLink: input.trackingLink,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/**
 * The edit form: every field but loadId. Stop rows, when given, replace the load's stops in the
 * order of their sequence; each names its NASS record by id or code.
 */
export async function updateLoad(ctx: Context, reference: string, rawInput: unknown): Promise<Load> {
  const viewer = requireAdmin(ctx);
  const load = await loadOrThrow(ctx, reference);
  const input = parseInput(loadEditInput, rawInput);
  if (input.loadId !== undefined && input.loadId.trim() !== load.loadId) {
    throw new ValidationError(LOAD_ID_READ_ONLY, [{ field: "loadId", message: LOAD_ID_READ_ONLY }]);
  }

  const stops = Array.isArray(input.stops) ? input.stops : null;
  const nass = await resolveNassReferences(ctx.db, stops?.map((stop) => stop.nassReference) ?? []);
  if (stops && nass.unknown.length > 0) {
    const fields = stops.flatMap((stop, index) =>
      nass.idByReference.has(stop.nassReference)
        ? []
        : [{ field: `stops.${index}.nass`, message: `Unknown NASS code '${stop.nassReference}'` }],
    );
    throw new ValidationError(fields[0].message, fields);
  }

  const changes = scalarChanges(input);
  const driverReference = input.assignedUserKey !== undefined ? input.assignedUserKey : input.assignedUserId;
  if (driverReference === null) {
    Object.assign(changes, { assignedUserId: null, carrierId: null, carrierName: null });
  }
  if (driverReference) {
    const driver = await driverOrThrow(ctx, driverReference, "assignedUserKey");
    Object.assign(changes, {
      assignedUserId: driver.id,
      carrierId: driver.carrierId,
      carrierName: await carrierNameOf(ctx.db, driver.carrierId),
    });
  }

  return ctx.db
    .$transaction(async (tx) => {
      if (input.routeNumber !== undefined) {
        changes.routeId = input.routeNumber === null ? null : await ensureRouteId(tx, input.routeNumber);
        changes.routeNumber = input.routeNumber;
      }
      const updated = await tx.load.update({ where: { id: load.id }, data: changes });
      if (stops) {
        await tx.loadStop.deleteMany({ where: { loadId: load.id } });
        await tx.loadStop.createMany({
          data: [...stops]
            .sort((a, b) => a.sequence - b.sequence)
            .map((stop) => ({
              id: createRowId(),
              loadId: load.id,
              sequence: stop.sequence,
              type: stop.type,
              nassCodeId: nass.idByReference.get(stop.nassReference)!,
            })),
        });
      }
      await recordAudit(tx, {
        actorId: viewer.id,
        action: "load.update",
        entityType: "Load",
        entityId: load.id,
        details: { loadId: load.loadId, fields: Object.keys(changes), stops: stops?.length ?? null },
      });
      return updated;
    })
    .finally(loadsChanged);
}

/** PATCH /loads/{id} {user}: gives the load to a carrier's driver (and so to that carrier). */
export async function assignLoadDriver(ctx: Context, reference: string, rawInput: unknown): Promise<Load> {
  const viewer = requireAdmin(ctx);
  const load = await loadOrThrow(ctx, reference);
  const { user: driverReference } = parseInput(assignDriverInput, rawInput);
  const driver = driverReference === null ? null : await driverOrThrow(ctx, driverReference, "user");
  return ctx.db
    .$transaction(async (tx) => {
      const updated = await tx.load.update({
        where: { id: load.id },
        data: {
          assignedUserId: driver?.id ?? null,
          carrierId: driver?.carrierId ?? null,
          carrierName: await carrierNameOf(tx, driver?.carrierId ?? null),
        },
      });
      await recordAudit(tx, {
        actorId: viewer.id,
        action: driver ? "load.assignDriver" : "load.unassignDriver",
        entityType: "Load",
        entityId: load.id,
        details: { loadId: load.loadId, driverId: driver?.id ?? null, carrierId: driver?.carrierId ?? null },
      });
      return updated;
    })
    .finally(loadsChanged);
}

/**
 * The bidding winner takes the load: inside the caller's transaction (the winner confirmation),
 * the load goes to the winning carrier user and that user's carrier company, when it has one.
 */
export async function assignLoadToWinner(
  tx: Pick<Db, "load" | "user" | "carrier">,
  loadDbId: string,
  winnerUserId: string,
): Promise<Load> {
  const winner = await tx.user.findUniqueOrThrow({
    where: { id: winnerUserId },
    select: { carrierId: true },
  });
  const load = await tx.load.update({
    where: { id: loadDbId },
    data: {
      assignedUserId: winnerUserId,
      carrierId: winner.carrierId,
      carrierName: await carrierNameOf(tx, winner.carrierId),
    },
  });
  loadsChanged();
  return load;
}
