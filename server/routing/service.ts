import {
  LOADS_REQUIRED,
  normalizeRouteNumber,
  ROUTE_CHANGED_ELSEWHERE,
  ROUTE_NOT_FOUND,
  ROUTE_NUMBER_READ_ONLY,
  routeCarrierMismatch,
} from "../../common/routing.ts";
import { auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { readStore } from "../db/kysely.ts";
import { ConflictError, type FieldError, NotFoundError, ValidationError } from "../errors.ts";
import type { Prisma, Route } from "../generated/sqlite/client.ts";
import { createRowId } from "../lib/ids.ts";
import { inIdOrder } from "../lib/order.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import {
  assertVersion,
  expectedVersionOf,
  isWriteRace,
  NEXT_VERSION,
  writeAtVersion,
} from "../lib/row-version.ts";
import { parseInput } from "../lib/validate.ts";
import { resolveNassReferences, stopRowsOf } from "../nass/service.ts";
import { findUser } from "../users/service.ts";
import { announceRouteChange } from "./events.ts";
import type { RouteListFilters, RouteSort } from "./list.ts";
import { routeRowPlan, routeRowsOfPlan } from "./list-rows.ts";
import { loadMembership, type MemberLoadStop, type RouteMemberLoad } from "./load-membership.ts";
import { unusedRouteNumber } from "./route-numbers.ts";
import { countRoutes, routePage } from "./store-list.ts";
import { createRouteInput, type UpdateRouteInput, updateRouteInput } from "./validation.ts";

export const ROUTE_PAGING = { defaultSize: 50, maxSize: 500 };
export const NO_FREE_ROUTE_NUMBER = "No generated route number is free today; type one.";
export const DRIVER_MUST_BE_CARRIER = "The driver must be a carrier user.";

type FindQuery = Pick<Prisma.RouteFindManyArgs, "include" | "select">;

export function routeNumberTaken(routeNumber: string): string {
  return `Route number ${routeNumber} is already taken.`;
}

export function unknownLoadsMessage(unknown: string[]): string {
  return `Unknown load ${unknown.length === 1 ? "ID" : "IDs"}: ${unknown.join(", ")}`;
}

/** A load that left another route for this one. */
export interface MovedLoad {
  loadId: string;
  fromRouteNumber: string;
}

export interface RouteChange {
  route: Route;
  moved: MovedLoad[];
  added: string[];
  removed: number;
}

/** Offered by the server (GraphQL and REST): unused at the time it answers. */
export async function suggestRouteNumber(ctx: Context): Promise<string> {
  requireAdmin(ctx);
  const number = await unusedRouteNumber(ctx.db);
  if (!number) throw new ConflictError(NO_FREE_ROUTE_NUMBER, "routeNumber");
  return number;
}

export async function findRouteByNumber(ctx: Context, routeNumber: string, query: FindQuery = {}) {
  requireAdmin(ctx);
  return ctx.db.route.findUnique({
    ...(query as object),
    where: { routeNumber: normalizeRouteNumber(routeNumber) },
  }) as Promise<Route | null>;
}

async function routeOrThrow(ctx: Context, routeNumber: string, query: FindQuery = {}): Promise<Route> {
  const route = await findRouteByNumber(ctx, routeNumber, query);
  if (!route) throw new NotFoundError(ROUTE_NOT_FOUND);
  return route;
}

async function loadsOrThrow(ctx: Context, references: string[], field: string): Promise<RouteMemberLoad[]> {
  const { loads, unknown } = await loadMembership.use.findLoadsByReference(ctx.db, references);
  if (unknown.length > 0) {
    const message = unknownLoadsMessage(unknown);
    throw new ValidationError(message, [{ field, message }]);
  }
  return loads;
}

async function driverOf(ctx: Context, reference: string) {
  const user = await findUser(ctx.db, reference);
  if (!user) {
    throw new ValidationError("User not found", [{ field: "assignedUserKey", message: "User not found" }]);
  }
  if (user.role === "ADMIN") {
    throw new ValidationError(DRIVER_MUST_BE_CARRIER, [
      { field: "assignedUserKey", message: DRIVER_MUST_BE_CARRIER },
    ]);
  }
  return user;
}

function movedLoads(loads: RouteMemberLoad[], routeId: string | null): MovedLoad[] {
  return loads
    .filter((load) => load.routeId !== null && load.routeId !== routeId && load.routeNumber)
    .map((load) => ({ loadId: load.loadId, fromRouteNumber: load.routeNumber! }));
}

/**
 * The stops a route starts with: its loads' stops in running order (by pickup date), one per
 * facility visit, numbered from 1. Operators edit them on the route's page.
 */
export function visitsOf(stops: MemberLoadStop[]): { sequence: number; type: string; nassCodeId: string }[] {
  const ordered = stops
    .filter((stop): stop is MemberLoadStop & { nassCodeId: string } => stop.nassCodeId !== null)
    .sort(
      (a, b) =>
        (a.pickupDate?.getTime() ?? Number.POSITIVE_INFINITY) -
          (b.pickupDate?.getTime() ?? Number.POSITIVE_INFINITY) ||
        a.loadId.localeCompare(b.loadId) ||
        a.sequence - b.sequence,
    );
  return ordered
    .filter((stop, index) => index === 0 || stop.nassCodeId !== ordered[index - 1].nassCodeId)
    .map((stop, index) => ({ sequence: index + 1, type: stop.type, nassCodeId: stop.nassCodeId }));
}

async function initialStops(tx: Prisma.TransactionClient, routeId: string, loadIds: string[]) {
  const visits = visitsOf(await loadMembership.use.stopsOfLoads(tx, loadIds));
  if (visits.length === 0) return;
  await tx.routeStop.createMany({ data: visits.map((visit) => ({ id: createRowId(), routeId, ...visit })) });
}

/** The stops a route's current loads suggest (for routes that loads created by number). */
export async function suggestedStops(ctx: Context, routeNumber: string) {
  requireAdmin(ctx);
  const route = await routeOrThrow(ctx, routeNumber, { include: { loads: { select: { id: true } } } });
  const loadIds = (route as Route & { loads: { id: string }[] }).loads.map((load) => load.id);
  return visitsOf(await loadMembership.use.stopsOfLoads(ctx.db, loadIds));
}

/**
 * POST /routing: a route from loads, in one transaction. A load already on another route moves
 * (the answer lists it); the route takes the driver its loads share, and its stops from theirs.
 */
export async function createRoute(ctx: Context, rawInput: unknown): Promise<RouteChange> {
  requireAdmin(ctx);
  const input = parseInput(createRouteInput, rawInput);
  const loads = await loadsOrThrow(ctx, input.loadIds, "loadIds");
  if (await ctx.db.route.findUnique({ where: { routeNumber: input.routeNumber }, select: { id: true } })) {
    throw new ConflictError(routeNumberTaken(input.routeNumber), "routeNumber");
  }
  const drivers = new Set(loads.map((load) => load.assignedUserId));
  const sharedDriver = drivers.size === 1 ? [...drivers][0] : null;
  const driver = sharedDriver ? await findUser(ctx.db, sharedDriver) : null;

  let route: Route;
  try {
    route = await ctx.db.$transaction(async (tx) => {
      const created = await tx.route.create({
        data: {
          routeNumber: input.routeNumber,
          assignedUserId: driver?.id ?? null,
          carrierId: driver?.carrierId ?? null,
        },
      });
      await loadMembership.use.putLoadsOnRoute(
        tx,
        created,
        loads.map((load) => load.id),
      );
      await initialStops(
        tx,
        created.id,
        loads.map((load) => load.id),
      );
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "route.create",
        entityType: "Route",
        entityId: created.id,
        details: { routeNumber: created.routeNumber, loadIds: loads.map((load) => load.loadId) },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(routeNumberTaken(input.routeNumber), "routeNumber");
    throw error;
  }
  const moved = movedLoads(loads, null);
  announceRouteChange(ctx, route.id);
  for (const routeId of new Set(loads.flatMap((load) => (load.routeId ? [load.routeId] : [])))) {
    announceRouteChange(ctx, routeId);
  }
  return { route, moved, added: loads.map((load) => load.loadId), removed: 0 };
}

/**
 * A route's driver must be of the carrier its loads were awarded to: with a driver or loads
 * changing, the route's driver (new or kept) against its loads (new or kept). A mismatch is a 409
 * unless the save says `overrideCarrier`; then it answers what the audit records.
 */
async function checkRouteCarrier(
  ctx: Context,
  route: Route,
  changes: Prisma.RouteUncheckedUpdateManyInput,
  loads: RouteMemberLoad[] | null,
  override: boolean,
): Promise<{ driverCarrierId: string | null; loads: { loadId: string; carrierId: string }[] } | null> {
  if (changes.assignedUserId === undefined && loads === null) return null;
  const driverId = changes.assignedUserId === undefined ? route.assignedUserId : changes.assignedUserId;
  if (!driverId) return null;
  const driverCarrierId = (
    changes.assignedUserId === undefined ? route.carrierId : (changes.carrierId ?? null)
  ) as string | null;
  const members = loads ?? (await loadMembership.use.loadsOnRoute(ctx.db, route.id));
  // Awarded to a carrier company: the driver must be one of its users. Awarded to a carrier user of
  // no company: that user must drive it.
  const others = members.flatMap((load) => {
    const awardedTo = load.carrierId ?? load.assignedUserId;
    if (awardedTo === null) return [];
    const matches =
      load.carrierId !== null ? load.carrierId === driverCarrierId : load.assignedUserId === driverId;
    return matches ? [] : [{ loadId: load.loadId, carrierId: awardedTo }];
  });
  if (others.length === 0) return null;
  if (!override) {
    throw new ConflictError(routeCarrierMismatch(others.map((load) => load.loadId)), "assignedUserKey");
  }
  return { driverCarrierId, loads: others };
}

const ROUTE_VERSION_TEXTS = { changed: ROUTE_CHANGED_ELSEWHERE, notFound: ROUTE_NOT_FOUND };

/** What an update's audit row compares: the driver, the stops and the loads, as people read them. */
const BEFORE_UPDATE = {
  assignedUser: { select: { userId: true } },
  stops: { select: { sequence: true, type: true, nassCode: { select: { code: true } } } },
  loads: { select: { loadId: true } },
} satisfies Prisma.RouteInclude;
type RouteBeforeUpdate = Prisma.RouteGetPayload<{ include: typeof BEFORE_UPDATE }>;

interface RouteAuditFields {
  assignedUserKey: string | null;
  stops: string[];
  loads: string[];
}

function stopsText(stops: { sequence: number; type: string; code: string | null }[]): string[] {
  return [...stops]
    .sort((a, b) => a.sequence - b.sequence)
    .map((stop) => `${stop.sequence} ${stop.type} ${stop.code ?? "?"}`);
}

function routeAuditFields(route: RouteBeforeUpdate): RouteAuditFields {
  return {
    assignedUserKey: route.assignedUser?.userId ?? null,
    stops: stopsText(route.stops.map((stop) => ({ ...stop, code: stop.nassCode?.code ?? null }))),
    loads: route.loads.map((load) => load.loadId).sort(),
  };
}

function unknownNassFields(
  stops: NonNullable<UpdateRouteInput["stops"]>,
  known: Map<string, string>,
): FieldError[] {
  return stops.flatMap((stop, index) =>
    known.has(stop.nassReference)
      ? []
      : [{ field: `stops.${index}.nass`, message: `Unknown NASS code '${stop.nassReference}'` }],
  );
}

/**
 * PUT /routing/{routeNumber}: the driver, the stops (replaced, ordered by sequence) and the list of
 * loads (loads left out leave the route; loads from other routes move here). One transaction.
 * With the version the editor read, a save over someone else's change of the route (its driver,
 * stops or loads, a load moved by a load edit or an upload included) is refused with 409 and
 * writes nothing: checked at once and again by the update's own `WHERE version = ?`.
 */
export async function updateRoute(
  ctx: Context,
  routeNumber: string,
  rawInput: unknown,
): Promise<RouteChange> {
  requireAdmin(ctx);
  const route = (await routeOrThrow(ctx, routeNumber, { include: BEFORE_UPDATE })) as RouteBeforeUpdate;
  const input = parseInput(updateRouteInput, rawInput);
  const expectedVersion = expectedVersionOf(input);
  assertVersion(route, expectedVersion, ROUTE_VERSION_TEXTS);
  if (input.routeNumber && normalizeRouteNumber(input.routeNumber) !== route.routeNumber) {
    throw new ValidationError(ROUTE_NUMBER_READ_ONLY, [
      { field: "routeNumber", message: ROUTE_NUMBER_READ_ONLY },
    ]);
  }
  const stops = input.stops ?? null;
  const nass = await resolveNassReferences(ctx.db, stops?.map((stop) => stop.nassReference) ?? []);
  if (stops && nass.unknown.length > 0) {
    const fields = unknownNassFields(stops, nass.idByReference);
    throw new ValidationError(fields[0].message, fields);
  }
  const loads = input.loads ? await loadsOrThrow(ctx, input.loads, "assignedLoads") : null;
  if (loads && loads.length === 0) {
    throw new ValidationError(LOADS_REQUIRED, [{ field: "assignedLoads", message: LOADS_REQUIRED }]);
  }

  const changes: Prisma.RouteUncheckedUpdateManyInput = {};
  const after: Partial<RouteAuditFields> = {};
  if (input.assignedUserKey === null || input.assignedUserKey === "") {
    Object.assign(changes, { assignedUserId: null, carrierId: null });
    after.assignedUserKey = null;
  } else if (input.assignedUserKey !== undefined) {
    const driver = await driverOf(ctx, input.assignedUserKey);
    Object.assign(changes, { assignedUserId: driver.id, carrierId: driver.carrierId });
    after.assignedUserKey = driver.userId;
  }
  if (stops) after.stops = stopsText(stops.map((stop) => ({ ...stop, code: stop.nassReference })));
  if (loads) after.loads = loads.map((load) => load.loadId).sort();
  const carrierOverride = await checkRouteCarrier(ctx, route, changes, loads, input.overrideCarrier === true);

  const { updated, removed } = await ctx.db
    .$transaction(async (tx) => {
      // The route's own row first: a refusal (or a concurrent save waiting on it) comes before any
      // stop or load is touched. Moving loads then moves the versions of every route they leave or
      // join (database triggers), this one's included.
      await writeAtVersion(expectedVersion, ROUTE_VERSION_TEXTS, (version) =>
        tx.route.updateMany({
          where: { id: route.id, ...version },
          data: { ...changes, updatedAt: new Date(), ...NEXT_VERSION },
        }),
      );
      if (stops) {
        await tx.routeStop.deleteMany({ where: { routeId: route.id } });
        await tx.routeStop.createMany({
          data: stopRowsOf(stops, nass.idByReference).map((row) => ({ ...row, routeId: route.id })),
        });
      }
      let removed = 0;
      if (loads) {
        removed = await loadMembership.use.releaseLoadsFromRoute(
          tx,
          route.id,
          loads.map((load) => load.id),
        );
        await loadMembership.use.putLoadsOnRoute(
          tx,
          route,
          loads.filter((load) => load.routeId !== route.id).map((load) => load.id),
        );
      }
      if (carrierOverride) {
        await recordAudit(tx, {
          actor: auditActor(ctx),
          action: "route.carrier_override",
          entityType: "Route",
          entityId: route.id,
          details: { routeNumber: route.routeNumber, ...carrierOverride },
        });
      }
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "route.update",
        entityType: "Route",
        entityId: route.id,
        details: {
          routeNumber: route.routeNumber,
          ...input,
          changes: changedFields(routeAuditFields(route), after),
        },
      });
      return { updated: await tx.route.findUniqueOrThrow({ where: { id: route.id } }), removed };
    })
    .catch((error: unknown) => {
      if (isWriteRace(error)) throw new ConflictError(ROUTE_CHANGED_ELSEWHERE);
      throw error;
    });
  const moved = loads ? movedLoads(loads, route.id) : [];
  announceRouteChange(ctx, route.id);
  for (const routeId of new Set(
    moved.length
      ? loads!.flatMap((load) => (load.routeId && load.routeId !== route.id ? [load.routeId] : []))
      : [],
  )) {
    announceRouteChange(ctx, routeId);
  }
  return {
    route: updated,
    moved,
    added: loads ? loads.filter((load) => load.routeId !== route.id).map((load) => load.loadId) : [],
    removed,
  };
}

export interface RouteListRequest {
  filters: RouteListFilters;
  sort: RouteSort;
  paging: OffsetPageArgs;
}

/** One page of routes: the ids from one SQL query, the rows with what the caller selected. */
export async function findRoutePage(
  ctx: Context,
  { filters, sort, paging }: RouteListRequest,
  query: FindQuery = {},
): Promise<OffsetConnection<Route>> {
  requireAdmin(ctx);
  const db = readStore(ctx.sql);
  let knownTotal: number | null = null;
  const count = async () => knownTotal ?? (await countRoutes(db, filters));
  return numberedPage(paging, ROUTE_PAGING, count, async ({ skip, take }) => {
    const plan = routeRowPlan(query as Parameters<typeof routeRowPlan>[0]);
    const pageRows = await routePage(db, filters, sort, { offset: skip, limit: take }, plan);
    const ids = pageRows.map((row) => row.id);
    if (ids.length < take && (ids.length > 0 || skip === 0)) knownTotal = skip + ids.length;
    if (ids.length === 0) return [];
    if (plan) return (await routeRowsOfPlan(db, plan, pageRows)) as Route[];
    const rows = (await ctx.db.route.findMany({
      ...(query as object),
      where: { id: { in: ids } },
    })) as Route[];
    return inIdOrder(rows, ids);
  });
}

/** The number of the route a load with none is tracked on once its driver reports (driver app). */
export const tripRouteNumber = (loadId: string) => `TRIP-${loadId}`.slice(0, 60);

/**
 * The route a dispatched load is tracked on (driver app, issue #30): its own route, or, when an
 * operator put it on none, a route of its own started now (number TRIP-<loadId>, the load's
 * stops, its carrier user as driver), so the tracking list and map show the truck from the
 * driver's first position. Two first batches at once: the second joins the first's route.
 */
export async function tripRouteOf(
  ctx: Context,
  load: {
    id: string;
    loadId: string;
    routeId: string | null;
    routeNumber: string | null;
    carrierId: string | null;
    assignedUserId: string | null;
  },
): Promise<string> {
  if (load.routeId && load.routeNumber) return load.routeNumber;
  const routeNumber = tripRouteNumber(load.loadId);
  const start = () =>
    ctx.db.$transaction(async (tx) => {
      const found = await tx.route.findUnique({
        where: { routeNumber },
        select: { id: true, routeNumber: true },
      });
      const route =
        found ??
        (await tx.route.create({
          data: { routeNumber, assignedUserId: load.assignedUserId, carrierId: load.carrierId },
          select: { id: true, routeNumber: true },
        }));
      await loadMembership.use.putLoadsOnRoute(tx, route, [load.id]);
      if (!found) {
        await initialStops(tx, route.id, [load.id]);
        await recordAudit(tx, {
          actor: auditActor(ctx),
          action: "route.create",
          entityType: "Route",
          entityId: route.id,
          details: { routeNumber, loadIds: [load.loadId], source: "driver_app" },
        });
      }
      return route;
    });
  let route: { id: string; routeNumber: string };
  try {
    route = await start();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    route = await start();
  }
  announceRouteChange(ctx, route.id);
  return route.routeNumber;
}
