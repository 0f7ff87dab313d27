import { auditActor } from "../audit/actor.ts";
import { requireViewer, type Viewer } from "../auth/policy.ts";
import { announceCreated } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import { createGroupCommit, type Outcome } from "../db/group-commit.ts";
import { runInPrisma } from "../db/prisma-work.ts";
import { ValidationError } from "../errors.ts";
import { announceTripChange } from "../lib/trip-events.ts";
import { parseInput } from "../lib/validate.ts";
import { logger } from "../ops/logger.ts";
import { announceTrackingChange } from "./events.ts";
import { DEFERRED, type IngestOutcome, ingestWork } from "./ingest-work.ts";
import { inOneTransaction } from "./jobs-in-one-transaction.ts";
import type { TrackPoint } from "./progress.ts";
import type { BatchResult, IngestJob, ReportResult } from "./report.ts";
import { pointsOutOfTime, positionBatchInput } from "./validation.ts";

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
  return submitPositions(ctx, viewer, routeNumber, positions);
}

/**
 * A driver's trip session reports its trip's route (driver app): points the driver app's service
 * already checked (its trip window and speeds), through the same ingestion as every report.
 */
export function reportTripPositions(
  ctx: Context,
  routeNumber: string,
  positions: readonly TrackPoint[],
): Promise<ReportResult> {
  return submitPositions(ctx, ctx.viewer, routeNumber, positions);
}

async function submitPositions(
  ctx: Context,
  viewer: Viewer | null,
  routeNumber: string,
  positions: readonly TrackPoint[],
): Promise<ReportResult> {
  const byTime = new Map<number, TrackPoint>();
  for (const point of positions) {
    const time = point.recordedAt.getTime();
    if (!byTime.has(time)) byTime.set(time, { ...point });
  }
  const repeatedInBatch = positions.length - byTime.size;

  const { invoices, visitedLoadIds, ...result } = await ingestQueue(ctx).submit({
    ctx,
    viewer,
    routeNumber,
    points: byTime,
    repeatedInBatch,
  });
  if (result.accepted > 0) announceTrackingChange(ctx, result.routeId);
  for (const invoice of invoices) announceCreated(ctx, invoice);
  // The geofence's arrivals and departures change the drivers' trips, whoever reported the points.
  announceTripChange(ctx, visitedLoadIds);
  return result;
}

/** Jobs sharing one transaction at most; a group of 64 batches of 500 points stays well under a second. */
const MAX_BATCHES_PER_COMMIT = 64;
const queues = new WeakMap<Context["db"], ReturnType<typeof createGroupCommit<IngestJob, BatchResult>>>();

/**
 * A group runs in one driver transaction (ingest-work.ts); the batches it defers (stop events, a
 * route's first position) then run the same work in one Prisma transaction, where the other
 * domains' services it calls share the transaction. Any failure of the driver's transaction other
 * than a job's own domain error sends its whole group that way.
 */
export async function ingestGroup(jobs: IngestJob[]): Promise<Outcome<BatchResult>[]> {
  const { ctx } = jobs[0];
  const geofence = ctx.config.trackingGeofenceMeters;
  let outcomes: IngestOutcome[];
  try {
    outcomes = await ctx.writer.transaction((db) => ingestWork(db, geofence, jobs, new Date(), "defer"));
  } catch (error) {
    logger.warn({ err: error }, "tracking: a position group fell back to the Prisma transaction");
    outcomes = jobs.map(() => DEFERRED);
  }
  const deferred = jobs.filter((_, index) => outcomes[index] === DEFERRED);
  if (deferred.length === 0) return outcomes as Outcome<BatchResult>[];
  const applyAll = { apply: (job: IngestJob) => auditActor(job.ctx) };
  const applied = await inOneTransaction(
    ctx.db,
    async (tx, job) => {
      const [outcome] = await runInPrisma(tx, ctx.writer.provider, (db) =>
        ingestWork(db, geofence, [job], new Date(), applyAll),
      );
      if (outcome === DEFERRED) throw new Error("A batch with consequences was deferred twice.");
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
    deferred,
  );
  let next = 0;
  return outcomes.map((outcome) => (outcome === DEFERRED ? applied[next++] : outcome));
}

function ingestQueue(ctx: Context) {
  let queue = queues.get(ctx.db);
  if (!queue) {
    queue = createGroupCommit(ingestGroup, {
      maxJobs: MAX_BATCHES_PER_COMMIT,
      // Position groups of different routes may use every writer connection at once.
      parallel: ctx.writer.connections,
      key: (job) => job.routeNumber,
    });
    queues.set(ctx.db, queue);
  }
  return queue;
}
