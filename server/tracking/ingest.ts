import { randomBytes } from "node:crypto";
import { TRACKING_TEXTS } from "../../common/tracking.ts";
import { recordAudit } from "../audit/service.ts";
import { requireViewer, type Viewer } from "../auth/policy.ts";
import { announceCreated, type CreatedOnce } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { createRowId } from "../lib/ids.ts";
import { parseInput } from "../lib/validate.ts";
import { advanceLoadStatusFromTracking, loadPartiesOnRoute } from "../loads/service.ts";
import { type RouteReportState, routeReportState } from "../routing/tracked-reads.ts";
import { writeRouteTrackingState, writeStopVisit } from "../routing/tracking-state.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";
import { etaModel } from "./eta.ts";
import { announceTrackingChange } from "./events.ts";
import { createGroupCommit } from "./group-commit.ts";
import { advance, milestoneStops, type ProgressStop, type TrackPoint } from "./progress.ts";
import { FUTURE_MESSAGE, futurePoints, positionBatchInput } from "./validation.ts";

export interface ReportResult {
  routeId: string;
  /** Points stored by this call. */
  accepted: number;
  /** Points already stored for the same route and time (or repeated in the batch): ignored. */
  duplicates: number;
  /** Stored points older than the route's last position: history only. */
  late: number;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
}

type RouteState = RouteReportState;
type RouteLoad = Awaited<ReturnType<typeof loadPartiesOnRoute>>[number];

/**
 * Who may report for a route: an admin, the route's driver (or the driver of one of its loads),
 * or any user of the route's carrier (or of a carrier its loads are with): a telematics account.
 */
async function mayReport(ctx: Context, viewer: Viewer, route: RouteState, loads: () => Promise<RouteLoad[]>) {
  if (viewer.role === "ADMIN") return true;
  if (route.assignedUserId === viewer.id) return true;
  const routeLoads = await loads();
  if (routeLoads.some((load) => load.assignedUserId === viewer.id)) return true;
  const carriers = new Set([route.carrierId, ...routeLoads.map((load) => load.carrierId)].filter(Boolean));
  if (carriers.size === 0) return false;
  const carrierId = await carrierIdOfUser(ctx.db, viewer.id);
  return carrierId ? carriers.has(carrierId) : false;
}

function progressStops(route: RouteState): ProgressStop[] {
  return route.stops.map((stop) => ({
    id: stop.id,
    sequence: stop.sequence,
    type: stop.type,
    location:
      stop.nassCode?.latitude != null && stop.nassCode.longitude != null
        ? { lat: stop.nassCode.latitude, lng: stop.nassCode.longitude }
        : null,
    arrivedAt: stop.arrivedAt,
    departedAt: stop.departedAt,
  }));
}

/** 24 random bytes: an unguessable public tracking token. */
export function newTrackingToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * POST /tracking/{routeNumber}/positions and `reportPositions`: stores a batch of points (up to
 * 500), ignores ones already stored for the same time, and in the same transaction moves the
 * route's last position, speed and ETAs forward, records stop arrivals and departures and moves
 * the loads to in_transit / delivered at the first pickup / last delivery.
 */
export async function reportPositions(
  ctx: Context,
  routeNumber: string,
  raw: unknown,
): Promise<ReportResult> {
  const viewer = requireViewer(ctx);
  const { positions } = parseInput(positionBatchInput, raw);
  const future = futurePoints(positions, new Date());
  if (future.length > 0) throw new ValidationError(FUTURE_MESSAGE, future);
  const byTime = new Map<number, TrackPoint>();
  for (const point of positions) {
    const time = point.recordedAt.getTime();
    if (!byTime.has(time)) byTime.set(time, { ...point });
  }
  const repeatedInBatch = positions.length - byTime.size;

  const { invoices, ...result } = await ingestQueue(ctx).submit({
    ctx,
    viewer,
    routeNumber,
    points: byTime,
    repeatedInBatch,
  });
  if (result.accepted > 0) announceTrackingChange(ctx, result.routeId);
  for (const invoice of invoices) announceCreated(ctx, invoice);
  return result;
}

interface IngestJob {
  ctx: Context;
  viewer: Viewer;
  routeNumber: string;
  points: Map<number, TrackPoint>;
  repeatedInBatch: number;
}

type Tx = Parameters<Parameters<Context["db"]["$transaction"]>[0]>[0];

/** A batch's answer, with the invoices its deliveries drafted (announced once committed). */
type BatchResult = ReportResult & { invoices: CreatedOnce[] };

/** One batch inside a transaction: state read, insert, progress, route/stop/load writes. */
async function applyBatch(tx: Tx, job: IngestJob): Promise<BatchResult> {
  const { ctx, viewer, routeNumber, repeatedInBatch } = job;
  const byTime = new Map(job.points);
  const provider = providerOf(ctx.config.databaseUrl);
  // Batches of one route queue up here on PostgreSQL (SQLite runs one writer at a time).
  if (provider === "postgresql") {
    await tx.$queryRawUnsafe(`SELECT 1 FROM "Route" WHERE "routeNumber" = $1 FOR UPDATE`, routeNumber);
  }
  const route = await routeReportState(tx, routeNumber);
  if (!route) throw new NotFoundError(TRACKING_TEXTS.routeNotFound);
  // The route's loads are read only when needed (authorizing a carrier user, milestones).
  let routeLoads: Promise<RouteLoad[]> | null = null;
  const loads = () => {
    routeLoads ??= loadPartiesOnRoute(tx, route.id);
    return routeLoads;
  };
  if (!(await mayReport(ctx, viewer, route, loads))) {
    throw new ForbiddenError("Only the route's driver, its carrier or an operator may report positions.");
  }

  // Every stored point is at or before the last position: only older points can be repeats.
  const lastStored = route.lastPositionAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const maybeStored = [...byTime.values()].filter((point) => point.recordedAt.getTime() <= lastStored);
  const stored =
    maybeStored.length === 0
      ? []
      : await tx.trackingPosition.findMany({
          where: { routeId: route.id, recordedAt: { in: maybeStored.map((point) => point.recordedAt) } },
          select: { recordedAt: true },
        });
  for (const row of stored) byTime.delete(row.recordedAt.getTime());
  const points = [...byTime.values()];
  const now = new Date();
  if (points.length > 0) {
    await tx.trackingPosition.createMany({
      data: points.map((point) => ({
        id: createRowId(),
        routeId: route.id,
        userId: viewer.id,
        lat: point.lat,
        lng: point.lng,
        recordedAt: point.recordedAt,
        speedMph: point.speedMph,
        heading: point.heading,
        receivedAt: now,
      })),
    });
  }

  const before = progressStops(route);
  const last =
    route.lastPositionAt && route.lastLat !== null && route.lastLng !== null
      ? {
          lat: route.lastLat,
          lng: route.lastLng,
          recordedAt: route.lastPositionAt,
          speedMph: null,
          heading: route.lastHeading,
        }
      : null;
  const progress = advance(
    { last, speedMph: route.lastSpeedMph },
    before,
    points,
    ctx.config.trackingGeofenceMeters,
  );
  const late = points.filter((point) => point.recordedAt.getTime() <= lastStored).length;
  const moved = progress.state.last !== last && progress.state.last !== null;

  let etaMinutes = route.etaMinutes;
  let nextStopEtaMinutes = route.nextStopEtaMinutes;
  if (moved) {
    const eta = etaModel()({
      position: progress.state.last,
      speedMph: progress.state.speedMph,
      stops: progress.stops,
    });
    etaMinutes = eta.finalMinutes;
    nextStopEtaMinutes = eta.nextStopMinutes;
    const position = progress.state.last!;
    await writeRouteTrackingState(tx, route.id, {
      lastLat: position.lat,
      lastLng: position.lng,
      lastPositionAt: position.recordedAt,
      lastSpeedMph: progress.state.speedMph,
      lastHeading: position.heading,
      etaMinutes,
      nextStopEtaMinutes,
    });
    if (!route.lastPositionAt)
      await issueShipmentLinks(
        tx,
        (await loads()).map((load) => load.id),
      );
  }

  const changedStops = progress.stops.filter((stop, index) => {
    const old = before[index];
    return stop.arrivedAt !== old.arrivedAt || stop.departedAt !== old.departedAt;
  });
  for (const stop of changedStops) {
    await writeStopVisit(tx, stop.id, { arrivedAt: stop.arrivedAt, departedAt: stop.departedAt });
  }
  if (progress.events.length > 0) {
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "tracking.stopEvents",
      entityType: "Route",
      entityId: route.id,
      details: {
        routeNumber: route.routeNumber,
        events: progress.events.map((event) => ({ ...event, at: event.at.toISOString() })),
      },
    });
  }

  const { firstPickup, lastDelivery } = milestoneStops(progress.stops);
  const loadIds = progress.events.length > 0 ? (await loads()).map((load) => load.id) : [];
  const invoices: CreatedOnce[] = [];
  for (const event of progress.events) {
    if (event.kind === "departed" && event.stopId === firstPickup) {
      await advanceLoadStatusFromTracking(tx, {
        loadIds,
        from: ["pending"],
        to: "in_transit",
        actorId: viewer.id,
        reason: `Left the first pickup of route ${route.routeNumber}`,
      });
    }
    if (event.kind === "arrived" && event.stopId === lastDelivery) {
      const delivered = await advanceLoadStatusFromTracking(tx, {
        loadIds,
        from: ["pending", "in_transit"],
        to: "delivered",
        actorId: viewer.id,
        reason: `Reached the last delivery of route ${route.routeNumber}`,
      });
      invoices.push(...delivered.invoices);
    }
  }

  return {
    routeId: route.id,
    accepted: points.length,
    duplicates: repeatedInBatch + stored.length,
    late,
    etaMinutes,
    nextStopEtaMinutes,
    invoices,
  };
}

/** The route's loads without a live public link get one when their truck starts reporting. */
async function issueShipmentLinks(tx: Pick<Context["db"], "shipmentTrackingLink">, loadIds: string[]) {
  if (loadIds.length === 0) return;
  const linked = await tx.shipmentTrackingLink.findMany({
    where: { loadId: { in: loadIds }, revokedAt: null },
    select: { loadId: true },
  });
  const have = new Set(linked.map((link) => link.loadId));
  const missing = loadIds.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  await tx.shipmentTrackingLink.createMany({
    data: missing.map((loadId) => ({ id: createRowId(), loadId, token: newTrackingToken() })),
  });
}

/** Jobs sharing one transaction at most; a group of 64 batches of 500 points stays well under a second. */
const MAX_BATCHES_PER_COMMIT = 64;
const queues = new WeakMap<Context["db"], ReturnType<typeof createGroupCommit<IngestJob, BatchResult>>>();

function ingestQueue(ctx: Context) {
  let queue = queues.get(ctx.db);
  if (!queue) {
    queue = createGroupCommit(ctx.db, applyBatch, {
      maxJobs: MAX_BATCHES_PER_COMMIT,
      parallel: providerOf(ctx.config.databaseUrl) === "sqlite" ? 1 : 4,
      key: (job) => job.routeNumber,
    });
    queues.set(ctx.db, queue);
  }
  return queue;
}
