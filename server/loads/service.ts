import { datesInOrder, LOAD_INPUT_LIMITS } from "../../common/loads/fields.ts";
import { type MilestoneSource, milestoneOfStatus } from "../../common/loads/milestones.ts";
import type { LoadStatus } from "../../common/loads/values.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import {
  announceCreated,
  type BillingTx,
  type CreatedOnce,
  draftInvoiceForDelivery,
} from "../billing/operations.ts";
import { carrierNameOf } from "../carriers/lookup.ts";
import { assertCarrierCompliant } from "../compliance/service.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { Store } from "../db/kysely.ts";
import { toDate } from "../db/reader.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { Load, Prisma, UploadBatch } from "../generated/sqlite/client.ts";
import { inIdOrder } from "../lib/order.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { assertVersion, expectedVersionOf, NEXT_VERSION, writeAtVersion } from "../lib/row-version.ts";
import { isSubsetOf } from "../lib/sets.ts";
import { announceTripChange } from "../lib/trip-events.ts";
import { parseInput } from "../lib/validate.ts";
import { resolveNassReferences, stopRowsOf } from "../nass/service.ts";
import { ensureRouteId } from "../routing/route-numbers.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";
import { findUser } from "../users/service.ts";
import { followCancellation } from "./cancellation.ts";
import { latestUploadAlongside, takeLatestUploadRider } from "./latest-upload.ts";
import type { LoadListFilters, LoadSort } from "./list.ts";
import { countLoads, keepLoadCount, keptLoadCount, loadsChanged, loadsVersion } from "./list-count.ts";
import { IDS_ONLY, type ListedLoad, LOAD_ROW_FIELDS, listedLoads, pageSelection } from "./list-rows.ts";
import { recordMilestones } from "./milestones.ts";
import { carriedVisit } from "./stop-rows.ts";
import { LATEST_UPLOAD_VALUES, lastUploadRow, partiesOnRoutes } from "./store.ts";
import { loadCountSql, loadPageSql } from "./store-list.ts";
import {
  assignDriverInput,
  DRIVER_MUST_BE_CARRIER,
  LOAD_CHANGED_ELSEWHERE,
  LOAD_ID_READ_ONLY,
  LOAD_NOT_FOUND,
  type LoadEditInput,
  loadEditInput,
} from "./validation.ts";

const LOAD_VERSION_TEXTS = { changed: LOAD_CHANGED_ELSEWHERE, notFound: LOAD_NOT_FOUND };

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
  /** The caller reads the total (GraphQL: the document asks totalCount or pageCount). */
  counted?: boolean;
}

/** Deep pages past this offset, in the second half of the list, are read from its other end. */
const REVERSE_AFTER = 10_000;

/**
 * One page of the load list: one statement for the rows (with their route number, carrier name
 * and driver's userId) and, when the caller reads it, the total (cached when large, see
 * list-count.ts): counted by the same statement, or by one of its own when that one cannot tell it
 * (a page past the end, deep pages read from the end, a total asked before the rows). A selection
 * the rows do not answer (e.g. stops) is loaded by Prisma from the page's ids, still a constant
 * number of statements whatever the page size.
 */
export async function findLoadPage(
  ctx: Context,
  { filters, sort, paging, counted = false }: LoadListRequest,
  query: FindManyQuery = {},
  nodeFields?: Set<string>,
): Promise<OffsetConnection<Load>> {
  requireAdmin(ctx);
  const { provider } = ctx.sql;
  let knownTotal: number | null = null;
  let countAsked = false;
  const countAll = async () => {
    countAsked = true;
    if (knownTotal !== null) return knownTotal;
    const count = async () => {
      const [row] = await ctx.sql.all<{ count: number | bigint }>(loadCountSql(provider, filters));
      return Number(row.count);
    };
    return ctx.config.loadCountCache ? countLoads(ctx.config.databaseUrl, provider, filters, count) : count();
  };
  return numberedPage(paging, LOAD_PAGING, countAll, async ({ skip, take }, totalCount) => {
    const window = { offset: skip, limit: take - 1 };
    const selection = pageSelection(query, nodeFields);
    const read = selection ?? IDS_ONLY;
    // Only the Load's own fields read the rows: DateTime columns may stay the driver's text.
    const datesAsText =
      selection !== null && nodeFields !== undefined && isSubsetOf(nodeFields, LOAD_ROW_FIELDS);
    const readPage = async (statement: ReturnType<typeof loadPageSql>) =>
      listedLoads(await ctx.sql.rows(statement), statement.columns, read, datesAsText);
    let rows: ListedLoad[];
    const total = window.offset > REVERSE_AFTER ? await totalCount() : null;
    if (total !== null && window.offset > total / 2) {
      // The same rows, counted from the end: no walk over the offset.
      const end = Math.min(total, window.offset + window.limit);
      const fromEnd = Math.max(0, total - end);
      const count = Math.max(0, end - window.offset);
      rows = (await readPage(loadPageSql(provider, filters, sort, fromEnd, count, read, true))).reverse();
      // The extra row that says a next page exists.
      if (end < total) rows.push(rows.at(-1)!);
    } else {
      const { databaseUrl } = ctx.config;
      const countCache = ctx.config.loadCountCache;
      const withTotal =
        counted && !countAsked && (!countCache || keptLoadCount(databaseUrl, provider, filters) === null);
      const started = loadsVersion();
      // The latest upload, when this request also reads it (the list screen), in the same statement.
      const settleUpload = takeLatestUploadRider(ctx);
      const statement = loadPageSql(
        provider,
        filters,
        sort,
        window.offset,
        window.limit + 1,
        read,
        false,
        withTotal,
        settleUpload ? LATEST_UPLOAD_VALUES : [],
      );
      let values: unknown[][];
      try {
        values = await ctx.sql.rows(statement);
      } catch (error) {
        settleUpload?.("read alone");
        throw error;
      }
      if (withTotal && values.length > 0) {
        knownTotal = Number(values[0][statement.columns.length]);
        if (countCache) keepLoadCount(databaseUrl, provider, filters, knownTotal, started);
      }
      if (settleUpload) {
        const at = statement.columns.length + (withTotal ? 1 : 0);
        const [first] = values;
        if (!first) settleUpload("read alone");
        else settleUpload(first[at] === null ? null : { id: first[at] as string, createdAt: first[at + 1] });
      }
      rows = listedLoads(values, statement.columns, read, datesAsText);
      if (rows.length <= window.limit && (rows.length > 0 || window.offset === 0)) {
        knownTotal = window.offset + rows.length;
      }
    }
    if (rows.length === 0 || selection) return rows as Load[];

    const ids = rows.slice(0, window.limit).map((row) => row.id);
    const loaded = (await ctx.db.load.findMany({
      ...(query as object),
      where: { id: { in: ids } },
    })) as Load[];
    inIdOrder(loaded, ids);
    if (rows.length > window.limit) loaded.push(loaded.at(-1)!);
    return loaded;
  });
}

/** What the REST payloads embed with each load. */
export const LOAD_JSON_INCLUDE = {
  stops: { orderBy: [{ sequence: "asc" }, { id: "asc" }], include: { nassCode: true } },
  route: { select: { routeNumber: true } },
  carrier: { select: { id: true, carrierId: true, carrierName: true } },
  assignedUser: true,
} satisfies Prisma.LoadInclude;

export type LoadWithRelations = Prisma.LoadGetPayload<{ include: typeof LOAD_JSON_INCLUDE }>;

export async function getLoadWithRelations(ctx: Context, reference: string): Promise<LoadWithRelations> {
  const load = await findLoad(ctx, reference, { include: LOAD_JSON_INCLUDE });
  if (!load) throw new NotFoundError(LOAD_NOT_FOUND);
  return load as LoadWithRelations;
}

const UPLOAD_BATCH_COLUMNS = new Set([
  "id",
  "userId",
  "stream",
  "fileNames",
  "rowCount",
  "createdCount",
  "updatedCount",
  "createdAt",
]);

/** The UploadBatch fields the latest upload's ride-along values answer (see latest-upload.ts). */
const RIDING_UPLOAD_FIELDS: ReadonlySet<string> = new Set(["__typename", "id", "createdAt"]);

/**
 * The latest upload, for the list's 'Last update' (asked with every list page): with the list
 * page's statement when `fields` (the selected GraphQL fields) are its id and date and the
 * database is a round trip away, else one prepared statement when only the batch's own columns
 * are selected, Prisma otherwise.
 */
export async function getLastUpload(
  ctx: Context,
  query: Pick<Prisma.UploadBatchFindFirstArgs, "include" | "select"> = {},
  fields?: ReadonlySet<string>,
): Promise<UploadBatch | null> {
  requireAdmin(ctx);
  const columnsOnly =
    !query.include &&
    Object.entries(query.select ?? {}).every(
      ([key, on]) => !on || (on === true && UPLOAD_BATCH_COLUMNS.has(key)),
    );
  if (columnsOnly && ctx.sql.roundTrips && fields && isSubsetOf(fields, RIDING_UPLOAD_FIELDS)) {
    // Only its id and date: they can ride along in the list page's statement (latest-upload.ts),
    // which saves a round trip where there is one.
    const latest = await latestUploadAlongside(ctx);
    return latest ? ({ id: latest.id, createdAt: toDate(latest.createdAt) } as UploadBatch) : null;
  }
  if (columnsOnly) {
    const row = await lastUploadRow(ctx.sql);
    if (!row) return null;
    return {
      ...(row as UploadBatch),
      rowCount: Number(row.rowCount),
      createdCount: Number(row.createdCount),
      updatedCount: Number(row.updatedCount),
      createdAt: toDate(row.createdAt),
    };
  }
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

function scalarChanges(input: LoadEditInput): Prisma.LoadUncheckedUpdateManyInput {
  const origin = input.origin !== undefined ? input.origin : input.originAddress;
  const destination = input.destination !== undefined ? input.destination : input.destinationAddress;
  // Stop rows, when given, are the count; otherwise a count as on the create form.
  const stopCount = Array.isArray(input.stops)
    ? input.stops.length
    : typeof input.stops === "number"
      ? input.stops
      : input.stopCount;
  const changes: Prisma.LoadUncheckedUpdateManyInput = {
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
 * With the version the editor read (`expectedVersion`), the save is refused with a ConflictError
 * (409) and writes nothing when the load has moved since: checked at once, and again by the
 * update itself (`WHERE version = ?`), so of two saves of the same version exactly one wins.
 * Without it the save goes through as before (legacy REST integrators).
 */
export async function updateLoad(ctx: Context, reference: string, rawInput: unknown): Promise<Load> {
  requireAdmin(ctx);
  const load = await loadOrThrow(ctx, reference);
  const input = parseInput(loadEditInput, rawInput, LOAD_INPUT_LIMITS);
  const expectedVersion = expectedVersionOf(input);
  assertVersion(load, expectedVersion, LOAD_VERSION_TEXTS);
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
  const pickupDate = input.pickupDate !== undefined ? input.pickupDate : load.pickupDate;
  const deliveryDate = input.deliveryDate !== undefined ? input.deliveryDate : load.deliveryDate;
  const outOfOrder = datesInOrder(pickupDate, deliveryDate);
  if (outOfOrder) {
    throw new ValidationError(outOfOrder.problem, [{ field: "deliveryDate", message: outOfOrder.problem }]);
  }
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

  let drafted: CreatedOnce | null = null;
  let afterCancellation = () => {};
  const saved = await ctx.db
    .$transaction(async (tx) => {
      if (input.routeNumber !== undefined) {
        changes.routeId = input.routeNumber === null ? null : await ensureRouteId(tx, input.routeNumber);
        changes.routeNumber = input.routeNumber;
      }
      // The update checks the version itself; a refusal rolls the whole transaction back (a route
      // it started included).
      await writeAtVersion(expectedVersion, LOAD_VERSION_TEXTS, (version) =>
        tx.load.updateMany({ where: { id: load.id, ...version }, data: { ...changes, ...NEXT_VERSION } }),
      );
      const updated = await tx.load.findUniqueOrThrow({ where: { id: load.id } });
      if (stops) {
        const previous = await tx.loadStop.findMany({ where: { loadId: load.id } });
        const appointments = new Map(stops.map((stop) => [stop.sequence, stop]));
        await tx.loadStop.deleteMany({ where: { loadId: load.id } });
        await tx.loadStop.createMany({
          data: stopRowsOf(stops, nass.idByReference).map((row) => ({
            ...row,
            loadId: load.id,
            appointmentFrom: appointments.get(row.sequence)?.appointmentFrom ?? null,
            appointmentTo: appointments.get(row.sequence)?.appointmentTo ?? null,
            ...carriedVisit(previous, row),
          })),
        });
      }
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "load.update",
        entityType: "Load",
        entityId: load.id,
        details: {
          loadId: load.loadId,
          fields: Object.keys(changes),
          stops: stops?.length ?? null,
          changes: changedFields(load, updated, Object.keys(changes) as (keyof typeof load & string)[]),
        },
      });
      const milestone = updated.status !== load.status ? milestoneOfStatus(updated.status) : null;
      if (milestone) {
        await recordMilestones(tx, [
          { loadDbId: load.id, milestone, source: "user", byUserId: ctx.viewer?.id },
        ]);
      }
      // Billing follows operations: a load that becomes delivered drafts its invoice (once).
      if (updated.status === "delivered" && load.status !== "delivered") {
        drafted = await draftInvoiceForDelivery(updated, tx, { actor: auditActor(ctx) });
      }
      // A covered load cancelled: the carrier hears of it and a TONU charge is proposed.
      afterCancellation = await followCancellation(ctx, tx, load, updated);
      return updated;
    })
    .finally(loadsChanged);
  announceCreated(ctx, drafted);
  afterCancellation();
  announceTripChange(ctx, [load.id]);
  return saved;
}

/** PATCH /loads/{id} {user}: gives the load to a carrier's driver (and so to that carrier). */
export async function assignLoadDriver(ctx: Context, reference: string, rawInput: unknown): Promise<Load> {
  requireAdmin(ctx);
  const load = await loadOrThrow(ctx, reference);
  const { user: driverReference } = parseInput(assignDriverInput, rawInput);
  const driver = driverReference === null ? null : await driverOrThrow(ctx, driverReference, "user");
  if (driver) await assertCarrierCompliant(ctx, { userId: driver.id }, "award");
  return ctx.db
    .$transaction(async (tx) => {
      const updated = await tx.load.update({
        where: { id: load.id },
        data: {
          assignedUserId: driver?.id ?? null,
          carrierId: driver?.carrierId ?? null,
          carrierName: await carrierNameOf(tx, driver?.carrierId ?? null),
          ...NEXT_VERSION,
        },
      });
      await recordAudit(tx, {
        actor: auditActor(ctx),
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
  tx: Pick<Db, "load" | "user" | "carrier" | "loadMilestone">,
  loadDbId: string,
  winner: { userId: string; amountCents: number },
  confirmedBy: string | null = null,
): Promise<Load> {
  const carrierId = await carrierIdOfUser(tx, winner.userId);
  const load = await tx.load.update({
    where: { id: loadDbId },
    data: {
      assignedUserId: winner.userId,
      carrierId,
      carrierRateCents: winner.amountCents,
      carrierName: await carrierNameOf(tx, carrierId),
      ...NEXT_VERSION,
    },
  });
  await recordMilestones(tx, [{ loadDbId, milestone: "covered", source: "user", byUserId: confirmedBy }]);
  loadsChanged();
  return load;
}

/**
 * The award fell through (the winner declined or let the tender expire, and nobody else bid): the
 * load goes back to no carrier, inside the caller's transaction.
 */
export async function releaseLoadFromWinner(tx: Pick<Db, "load">, loadDbId: string): Promise<Load> {
  const load = await tx.load.update({
    where: { id: loadDbId },
    // Back to open: nobody covers it now (the timeline keeps what happened).
    data: {
      assignedUserId: null,
      carrierId: null,
      carrierName: null,
      carrierRateCents: null,
      stage: "open",
      ...NEXT_VERSION,
    },
  });
  loadsChanged();
  return load;
}

/**
 * Tracking moves loads along by itself: in_transit when the truck leaves the first pickup,
 * delivered when it reaches the last delivery. Only loads in one of `from` change (an operator's
 * own choice such as cancelled stays); each change is audited. Runs in the caller's transaction.
 */
export async function advanceLoadStatusFromTracking(
  /** Billing's transaction: a delivered load drafts its invoice in it. */
  tx: BillingTx,
  change: {
    loadIds: string[];
    from: LoadStatus[];
    to: LoadStatus;
    actor: AuditActor;
    reason: string;
    /** Who moved it: the geofence (default) or a person marking a stop (stop-visits.ts). */
    source?: MilestoneSource;
    byUserId?: string | null;
    at?: Date;
    /** Loads whose stop milestone (departed) the caller recorded itself, with the stop named. */
    stopMilestoneRecorded?: ReadonlySet<string>;
  },
): Promise<{ loadIds: string[]; invoices: CreatedOnce[] }> {
  if (change.loadIds.length === 0) return { loadIds: [], invoices: [] };
  const loads = await tx.load.findMany({
    where: { id: { in: change.loadIds }, status: { in: change.from } },
    select: { id: true, loadId: true, status: true, customer: true, customerRateCents: true },
    orderBy: { loadId: "asc" },
  });
  if (loads.length === 0) return { loadIds: [], invoices: [] };
  await tx.load.updateMany({
    where: { id: { in: loads.map((load) => load.id) } },
    data: { status: change.to, ...NEXT_VERSION },
  });
  loadsChanged();
  const milestone = change.to === "in_transit" ? "departed" : milestoneOfStatus(change.to);
  if (milestone) {
    const detail = milestone === "departed" ? "first pickup" : null;
    const recordedByCaller = milestone === "departed" ? change.stopMilestoneRecorded : undefined;
    await recordMilestones(
      tx,
      loads
        .filter((load) => !recordedByCaller?.has(load.id))
        .map((load) => ({
          loadDbId: load.id,
          milestone,
          source: change.source ?? "geofence",
          byUserId: change.byUserId ?? null,
          at: change.at,
          detail,
        })),
    );
  }
  for (const load of loads) {
    await recordAudit(tx, {
      actor: change.actor,
      action: "load.statusFromTracking",
      entityType: "Load",
      entityId: load.id,
      details: { loadId: load.loadId, from: load.status, to: change.to, reason: change.reason },
    });
  }
  // Billing follows operations: a load the truck delivered drafts its invoice (once), as an edit would.
  const invoices: CreatedOnce[] = [];
  if (change.to === "delivered") {
    for (const load of loads) {
      const drafted = await draftInvoiceForDelivery(load, tx, { actor: change.actor });
      if (drafted) invoices.push(drafted);
    }
  }
  return { loadIds: loads.map((load) => load.id), invoices };
}

/** What a GraphQL field's `query` adds to a Prisma read (Pothos' selection). */
export type LoadQuery = { select?: Prisma.LoadSelect; include?: Prisma.LoadInclude };

/** A load by database id, read with a GraphQL field's selection (payloads of other domains). */
export function loadForQuery(db: Pick<Db, "load">, id: string, query: LoadQuery): Promise<Load> {
  return db.load.findUniqueOrThrow({ ...query, where: { id } });
}

/** Who carries each load of these routes (driver and carrier ids), inside the caller's write work. */
export function* loadPartiesOnRoutes(db: Store, routeIds: string[]) {
  return yield* partiesOnRoutes(db, routeIds);
}

/** The readable Load IDs of these loads (audit trail links). */
export function loadIdsOf(db: Pick<Db, "load">, ids: string[]) {
  return db.load.findMany({ where: { id: { in: ids } }, select: { id: true, loadId: true } });
}
