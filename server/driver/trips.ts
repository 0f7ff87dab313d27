import { DRIVER_TEXTS, MAX_DRIVER_TRIPS, navigationUrl } from "../../common/driver.ts";
import { formatWindow } from "../../common/loads/appointments.ts";
import { policy } from "../auth/policy.ts";
import type { ReadPolicy } from "../auth/read-policy.ts";
import type { Context } from "../context.ts";
import { liveTripLinksOfLoads, openTripLinks } from "../dispatch/store.ts";
import { NotFoundError } from "../errors.ts";
import type { TripLink } from "../generated/sqlite/client.ts";
import { loadPartiesOf } from "../loads/parties.ts";
import { deliveredAtOf, type TripLoad, tripLoadsById } from "../loads/trip-reads.ts";
import { facilityTimeZone } from "../nass/time-zone.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";

/**
 * A driver's trip (driver app, issue #30): a dispatched load as the driver sees it, with the
 * driver and equipment of its live trip link and its stops in order. The trip viewer of that load,
 * the load's carrier side and operators read it; nothing of the load beyond what is here.
 */

export interface DriverTripStop {
  id: string;
  sequence: number;
  kind: string;
  facilityCode: string | null;
  facilityName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  appointmentFrom: Date | null;
  appointmentTo: Date | null;
  appointmentText: string | null;
  arrivedAt: Date | null;
  departedAt: Date | null;
  navigationUrl: string | null;
}

export interface DriverTrip {
  /** The load's database id (the node id). */
  id: string;
  loadId: string;
  status: string;
  stage: string;
  driverName: string;
  driverPhone: string;
  truckNumber: string | null;
  trailerNumber: string | null;
  reference: string | null;
  bolNumber: string | null;
  notes: string | null;
  linkExpiresAt: Date;
  nextStopSequence: number | null;
  stops: DriverTripStop[];
  /** For the read rule and the positions (not fields). */
  carrierId: string | null;
  assignedUserId: string | null;
  routeId: string | null;
  routeNumber: string | null;
  /** When the live trip link was issued: the trip's positions start there. */
  dispatchedAt: Date;
  /** When the load was delivered (its last delivery's arrival), else null. */
  deliveredAt: Date | null;
}

function tripStop(stop: TripLoad["stops"][number]): DriverTripStop {
  const facility = stop.nassCode;
  const latitude = facility?.latitude ?? null;
  const longitude = facility?.longitude ?? null;
  const timeZone = facilityTimeZone({ latitude, longitude });
  const place = {
    latitude,
    longitude,
    address: facility?.street ?? null,
    city: facility?.city ?? null,
    state: facility?.state ?? null,
    zip: facility?.zip ?? null,
  };
  return {
    id: stop.id,
    sequence: stop.sequence,
    kind: stop.type,
    facilityCode: facility?.code ?? null,
    facilityName: facility?.facilityName ?? null,
    ...place,
    timeZone,
    appointmentFrom: stop.appointmentFrom,
    appointmentTo: stop.appointmentTo,
    appointmentText: formatWindow(stop.appointmentFrom, stop.appointmentTo, timeZone),
    arrivedAt: stop.arrivedAt,
    departedAt: stop.departedAt,
    navigationUrl: navigationUrl(place),
  };
}

/** The stop the driver heads for: the first not yet left (none once the load is delivered). */
export function nextStopSequenceOf(status: string, stops: readonly DriverTripStop[]): number | null {
  if (status === "delivered" || status === "cancelled") return null;
  return stops.find((stop) => stop.departedAt === null)?.sequence ?? null;
}

export function driverTripOf(load: TripLoad, link: TripLink): DriverTrip {
  const stops = load.stops.map(tripStop);
  return {
    id: load.id,
    loadId: load.loadId,
    status: load.status,
    stage: load.stage,
    driverName: link.driverName,
    driverPhone: link.driverPhone,
    truckNumber: load.confirmation?.truckNumber ?? null,
    trailerNumber: load.confirmation?.trailerNumber ?? null,
    reference: load.referenceNumber,
    bolNumber: load.bolNumber,
    notes: load.orderInfo,
    linkExpiresAt: link.expiresAt,
    nextStopSequence: nextStopSequenceOf(load.status, stops),
    stops,
    carrierId: load.carrierId,
    assignedUserId: load.assignedUserId,
    routeId: load.routeId,
    routeNumber: load.routeNumber,
    dispatchedAt: link.createdAt,
    deliveredAt: deliveredAtOf(load),
  };
}

/** The trips of these loads (database ids) that have a live trip link, in the order asked. */
export async function driverTripsById(
  ctx: Pick<Context, "db">,
  ids: readonly string[],
): Promise<DriverTrip[]> {
  const unique = [...new Set(ids)].slice(0, MAX_DRIVER_TRIPS * 2);
  const [loads, links] = await Promise.all([
    tripLoadsById(ctx.db, unique),
    liveTripLinksOfLoads(ctx.db, unique),
  ]);
  const byId = new Map(loads.map((load) => [load.id, load]));
  return unique.flatMap((id) => {
    const load = byId.get(id);
    const link = links.get(id);
    return load && link ? [driverTripOf(load, link)] : [];
  });
}

/** For node(id): the trip or null, in the ids' order. */
export async function driverTripsForNodes(ctx: Context, ids: readonly string[]) {
  const trips = new Map((await driverTripsById(ctx, ids)).map((trip) => [trip.id, trip]));
  return ids.map((id) => trips.get(id) ?? null);
}

/**
 * `driverTrips`: a trip session its one trip; a carrier user the open trips (dispatched, not
 * delivered or cancelled) of loads it won or its company hauls; an operator every open trip.
 * At most 50, newest dispatch first.
 */
export async function driverTripsOfViewer(ctx: Context): Promise<DriverTrip[]> {
  if (ctx.trip) return driverTripsById(ctx, [ctx.trip.loadDbId]);
  const viewer = ctx.viewer;
  if (!viewer) return [];
  const side = policy.isAdmin(viewer)
    ? ("all" as const)
    : { userId: viewer.id, carrierId: await carrierIdOfUser(ctx.db, viewer.id) };
  const links = await openTripLinks(ctx.db, side, MAX_DRIVER_TRIPS);
  return driverTripsById(
    ctx,
    links.map((link) => link.loadId),
  );
}

/** Whether the viewer behind `ctx` is on the trip's side: its trip session, its carrier side, an operator. */
export async function mayReadTrip(
  ctx: Context,
  trip: Pick<DriverTrip, "id" | "carrierId" | "assignedUserId">,
): Promise<boolean> {
  if (ctx.trip) return ctx.trip.loadDbId === trip.id;
  const viewer = ctx.viewer;
  if (!viewer) return false;
  if (policy.isAdmin(viewer)) return true;
  if (trip.assignedUserId !== null && trip.assignedUserId === viewer.id) return true;
  return trip.carrierId !== null && trip.carrierId === (await carrierIdOfUser(ctx.db, viewer.id));
}

/** DriverTrip's read rule: operators every trip, a carrier user or a trip session row by row. */
export const driverTripReadPolicy: ReadPolicy<DriverTrip> = {
  reach: (viewer, ctx) => (policy.isAdmin(viewer) ? "all" : viewer || ctx?.trip ? "rows" : "none"),
  row: (ctx, trip) => mayReadTrip(ctx, trip),
};

/** The trip of a load (its public or database id) when the viewer may read it; otherwise not found. */
export async function readableTrip(ctx: Context, loadReference: string): Promise<DriverTrip> {
  const loadDbId =
    ctx.trip && (ctx.trip.loadId === loadReference || ctx.trip.loadDbId === loadReference)
      ? ctx.trip.loadDbId
      : ctx.trip
        ? null
        : await loadDbIdOf(ctx, loadReference);
  const [trip] = loadDbId ? await driverTripsById(ctx, [loadDbId]) : [];
  if (!trip || !(await mayReadTrip(ctx, trip))) throw new NotFoundError(DRIVER_TEXTS.tripNotFound);
  return trip;
}

async function loadDbIdOf(ctx: Context, reference: string): Promise<string | null> {
  return (await loadPartiesOf(ctx.db, reference))?.id ?? null;
}
