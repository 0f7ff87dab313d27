import { randomBytes } from "node:crypto";
import { TRACKING_TEXTS } from "../../common/tracking.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireViewer } from "../auth/policy.ts";
import { announceCreated, type CreatedOnce } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { createGroupCommit, type Outcome } from "../db/group-commit.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { createRowId } from "../lib/ids.ts";
import { parseInput } from "../lib/validate.ts";
import { advanceLoadStatusFromTracking, loadPartiesOnRoute } from "../loads/service.ts";
import { logger } from "../ops/logger.ts";
import { routeReportState } from "../routing/tracked-reads.ts";
import { writeRouteTrackingState, writeStopVisit } from "../routing/tracking-state.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";
import { etaModel } from "./eta.ts";
import { announceTrackingChange } from "./events.ts";
import { DEFERRED, type FastOutcome, FORBIDDEN_REPORT, fastIngestSql } from "./fast-ingest.ts";
import { inOneTransaction } from "./jobs-in-one-transaction.ts";
import { positionRow } from "./positions-sql.ts";
import { advance, milestoneStops, type TrackPoint } from "./progress.ts";
import {
  type BatchResult,
  type IngestJob,
  lastPointOf,
  mayReport,
  progressStops,
  type ReportResult,
  type RouteParty,
  reportAllowedOutright,
} from "./report.ts";
import { pointsOutOfTime, positionBatchInput } from "./validation.ts";

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
  const outOfTime = pointsOutOfTime(positions, new Date());
  if (outOfTime.length > 0) throw new ValidationError(outOfTime[0].message, outOfTime);
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

type Tx = Parameters<Parameters<Context["db"]["$transaction"]>[0]>[0];

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
  let routeLoads: Promise<(RouteParty & { id: string })[]> | null = null;
  const loads = () => {
    routeLoads ??= loadPartiesOnRoute(tx, route.id);
    return routeLoads;
  };
  if (
    !reportAllowedOutright(viewer, route) &&
    !mayReport(viewer, route, await loads(), await carrierIdOfUser(tx, viewer.id))
  ) {
    throw new ForbiddenError(FORBIDDEN_REPORT);
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
      data: points.map((point) => positionRow(route.id, viewer.id, point, now)),
    });
  }

  const before = progressStops(route);
  const last = lastPointOf(route);
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
      actor: auditActor(ctx),
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
        actor: auditActor(ctx),
        reason: `Left the first pickup of route ${route.routeNumber}`,
      });
    }
    if (event.kind === "arrived" && event.stopId === lastDelivery) {
      const delivered = await advanceLoadStatusFromTracking(tx, {
        loadIds,
        from: ["pending", "in_transit"],
        to: "delivered",
        actor: auditActor(ctx),
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

/**
 * A group runs through the driver's SQL (fast-ingest.ts); the batches it defers (stop events, a
 * route's first position) then run through the services in one Prisma transaction. Any failure of
 * the SQL transaction other than a job's own domain error sends its whole group that way.
 */
export async function ingestGroup(jobs: IngestJob[]): Promise<Outcome<BatchResult>[]> {
  const { ctx } = jobs[0];
  let fast: FastOutcome[];
  try {
    fast = await ctx.writer.transaction(() =>
      fastIngestSql(ctx.writer.provider, ctx.config.trackingGeofenceMeters, jobs, new Date()),
    );
  } catch (error) {
    logger.warn({ err: error }, "tracking: a position group fell back to the full path");
    fast = jobs.map(() => DEFERRED);
  }
  const deferred = jobs.filter((_, index) => fast[index] === DEFERRED);
  if (deferred.length === 0) return fast as Outcome<BatchResult>[];
  const full = await inOneTransaction(ctx.db, applyBatch, deferred);
  let next = 0;
  return fast.map((outcome) => (outcome === DEFERRED ? full[next++] : outcome));
}

function ingestQueue(ctx: Context) {
  let queue = queues.get(ctx.db);
  if (!queue) {
    queue = createGroupCommit(ingestGroup, {
      maxJobs: MAX_BATCHES_PER_COMMIT,
      parallel: providerOf(ctx.config.databaseUrl) === "sqlite" ? 1 : 4,
      key: (job) => job.routeNumber,
    });
    queues.set(ctx.db, queue);
  }
  return queue;
}
