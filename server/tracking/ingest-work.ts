import { TRACKING_TEXTS } from "../../common/tracking.ts";
import type { AuditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Viewer } from "../auth/policy.ts";
import type { CreatedOnce } from "../billing/operations.ts";
import type { SqlWork } from "../db/bulk.ts";
import type { Outcome } from "../db/group-commit.ts";
import type { Store } from "../db/kysely.ts";
import { callService } from "../db/prisma-work.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { advanceLoadStatusFromTracking, loadPartiesOnRoutes } from "../loads/service.ts";
import { recordGeofenceVisits } from "../loads/stop-visits.ts";
import {
  type RouteReportState,
  type RouteTrackingColumns,
  reportStates,
  writeRouteTrackingStates,
  writeStopVisits,
} from "../routing/store-tracking.ts";
import { carrierIdsOfUsers } from "../users/marketplace-reads.ts";
import { etaModel } from "./eta.ts";
import { advance, milestoneStops, type ProgressStop, type StopEvent, type TrackPoint } from "./progress.ts";
import {
  type BatchResult,
  type IngestJob,
  lastPointOf,
  mayReport,
  progressStops,
  type RouteParty,
  reportAllowedOutright,
} from "./report.ts";
import { insertPositions, issueShipmentLinks, type PositionRow, positionKey, positionRow } from "./store.ts";

export const FORBIDDEN_REPORT = "Only the route's driver, its carrier or an operator may report positions.";

/** A job the driver's transaction leaves for one that may call other domains (see ingestWork). */
export const DEFERRED = Symbol("deferred");
export type IngestOutcome = Outcome<BatchResult> | typeof DEFERRED;

/**
 * How a run treats a batch with consequences in other domains (stop events: audit entries, load
 * statuses, invoices; a route's first position: shipper links). `defer`: answered DEFERRED,
 * writing nothing, with the route's later batches (the driver's transaction cannot call other
 * domains' services). `apply`: applied, the services called in the same (Prisma) transaction.
 */
export type Consequences = "defer" | { apply: (job: IngestJob) => AuditActor };

/** A route's tracking state as the run's jobs move it forward, one after the other. */
interface RouteRun {
  state: RouteReportState;
  stops: ProgressStop[];
  last: TrackPoint | null;
  speedMph: number | null;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
  /** Times (ms) of points this run already inserts for the route. */
  times: Set<number>;
  moved: boolean;
  /** A job of this route was deferred: the route's later jobs follow it. */
  deferred: boolean;
}

interface Pending {
  index: number;
  routeId: string;
  /** Times of the points inserted, each with whether it was older than the last position. */
  points: { time: number; old: boolean }[];
  skipped: number;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
  invoices: CreatedOnce[];
  visitedLoadIds: string[];
}

/** What a job's stop events and first position do beyond tracking's and routing's tables. */
interface Aftermath {
  job: IngestJob;
  pending: Pending;
  run: RouteRun;
  events: StopEvent[];
  firstPosition: boolean;
}

/**
 * The one position-report path, for a group of jobs in one transaction: one read of the routes'
 * state (locked on PostgreSQL), one insert of every point (repeats skipped by the unique
 * route-and-time key), one update per moved route. Late points are stored but never move the
 * last position back; repeats are ignored.
 */
export function* ingestWork(
  db: Store,
  geofenceMeters: number,
  jobs: IngestJob[],
  now: Date,
  consequences: Consequences,
): SqlWork<IngestOutcome[]> {
  const states = yield* reportStates(db, [...new Set(jobs.map((job) => job.routeNumber))]);
  const parties = yield* partiesOf(db, jobs, states, consequences !== "defer");

  const runs = new Map<string, RouteRun>();
  const outcomes: IngestOutcome[] = new Array(jobs.length);
  const pending: Pending[] = [];
  const aftermaths: Aftermath[] = [];
  const rows: PositionRow[] = [];
  for (const [index, job] of jobs.entries()) {
    const state = states.get(job.routeNumber);
    if (!state) {
      outcomes[index] = { ok: false, error: new NotFoundError(TRACKING_TEXTS.routeNotFound) };
      continue;
    }
    const routeParties = parties.loads.get(state.id) ?? [];
    if (
      job.viewer !== null &&
      !mayReport(job.viewer, state, routeParties, parties.carriers.get(job.viewer.id) ?? null)
    ) {
      outcomes[index] = { ok: false, error: new ForbiddenError(FORBIDDEN_REPORT) };
      continue;
    }
    let run = runs.get(state.id);
    if (!run) {
      run = {
        state,
        stops: progressStops(state),
        last: lastPointOf(state),
        speedMph: state.lastSpeedMph,
        etaMinutes: state.etaMinutes,
        nextStopEtaMinutes: state.nextStopEtaMinutes,
        times: new Set(),
        moved: false,
        deferred: false,
      };
      runs.set(state.id, run);
    }
    if (run.deferred) {
      outcomes[index] = DEFERRED;
      continue;
    }
    const points = [...job.points.values()].filter((point) => !run.times.has(point.recordedAt.getTime()));
    const progress = advance({ last: run.last, speedMph: run.speedMph }, run.stops, points, geofenceMeters);
    const moves = progress.state.last !== run.last && progress.state.last !== null;
    const firstPosition = moves && run.last === null && !state.lastPositionAt;
    if ((progress.events.length > 0 || firstPosition) && consequences === "defer") {
      run.deferred = true;
      outcomes[index] = DEFERRED;
      continue;
    }
    const lastTime = run.last?.recordedAt.getTime() ?? Number.NEGATIVE_INFINITY;
    if (moves) {
      const eta = etaModel()({
        position: progress.state.last,
        speedMph: progress.state.speedMph,
        stops: progress.stops,
      });
      run.last = progress.state.last;
      run.speedMph = progress.state.speedMph;
      run.etaMinutes = eta.finalMinutes;
      run.nextStopEtaMinutes = eta.nextStopMinutes;
      run.moved = true;
    }
    for (const point of points) {
      run.times.add(point.recordedAt.getTime());
      rows.push(positionRow(state.id, job.viewer?.id ?? null, point, now));
    }
    const entry: Pending = {
      index,
      routeId: state.id,
      points: points.map((point) => ({
        time: point.recordedAt.getTime(),
        old: point.recordedAt.getTime() <= lastTime,
      })),
      skipped: job.repeatedInBatch + (job.points.size - points.length),
      etaMinutes: run.etaMinutes,
      nextStopEtaMinutes: run.nextStopEtaMinutes,
      invoices: [],
      visitedLoadIds: [],
    };
    pending.push(entry);
    if (progress.events.length > 0 || firstPosition) {
      const visits = changedVisits(run.stops, progress.stops);
      run.stops = progress.stops;
      aftermaths.push({ job, pending: entry, run, events: progress.events, firstPosition });
      yield* writeStopVisits(db, visits);
    }
  }

  const stored = yield* insertPositions(db, rows);
  yield* writeRouteTrackingStates(db, movedRoutes(runs), now);
  if (consequences !== "defer") {
    for (const aftermath of aftermaths)
      yield* applyAftermath(db, aftermath, consequences.apply(aftermath.job), now);
  }

  for (const job of pending) {
    const kept = job.points.filter((point) => stored.has(positionKey(job.routeId, point.time)));
    outcomes[job.index] = {
      ok: true,
      value: {
        routeId: job.routeId,
        accepted: kept.length,
        duplicates: job.skipped + job.points.length - kept.length,
        late: kept.filter((point) => point.old).length,
        etaMinutes: job.etaMinutes,
        nextStopEtaMinutes: job.nextStopEtaMinutes,
        invoices: job.invoices,
        visitedLoadIds: job.visitedLoadIds,
      },
    };
  }
  return outcomes;
}

/**
 * The loads' parties of the routes whose reporters need them (not an admin, not the route's
 * driver; every route when consequences apply: milestones and links name the loads), and the
 * carriers of those reporters.
 */
function* partiesOf(
  db: Store,
  jobs: IngestJob[],
  states: Map<string, RouteReportState>,
  everyRoute: boolean,
) {
  const loads = new Map<string, (RouteParty & { id: string })[]>();
  const carriers = new Map<string, string | null>();
  const asking = jobs.filter((job): job is IngestJob & { viewer: Viewer } => {
    const state = states.get(job.routeNumber);
    return state !== undefined && job.viewer !== null && !reportAllowedOutright(job.viewer, state);
  });
  const routesRead = everyRoute ? [...states.values()] : asking.map((job) => states.get(job.routeNumber)!);
  const routeIds = [...new Set(routesRead.map((state) => state.id))];
  for (const row of yield* loadPartiesOnRoutes(db, routeIds)) {
    loads.set(row.routeId, [...(loads.get(row.routeId) ?? []), row]);
  }
  const userIds = [...new Set(asking.map((job) => job.viewer.id))];
  for (const row of yield* carrierIdsOfUsers(db, userIds)) carriers.set(row.id, row.carrierId);
  return { loads, carriers };
}

function changedVisits(before: ProgressStop[], after: ProgressStop[]) {
  return after
    .filter(
      (stop, index) =>
        stop.arrivedAt !== before[index].arrivedAt || stop.departedAt !== before[index].departedAt,
    )
    .map((stop) => ({ stopId: stop.id, arrivedAt: stop.arrivedAt, departedAt: stop.departedAt }));
}

function movedRoutes(runs: Map<string, RouteRun>): { routeId: string; columns: RouteTrackingColumns }[] {
  return [...runs.values()].flatMap((run) =>
    run.moved && run.last
      ? [
          {
            routeId: run.state.id,
            columns: {
              lastLat: run.last.lat,
              lastLng: run.last.lng,
              lastPositionAt: run.last.recordedAt,
              lastSpeedMph: run.speedMph,
              lastHeading: run.last.heading,
              etaMinutes: run.etaMinutes,
              nextStopEtaMinutes: run.nextStopEtaMinutes,
            },
          },
        ]
      : [],
  );
}

/** Shipper links at a route's first position; the audit entry, load statuses and invoices of its stop events. */
function* applyAftermath(db: Store, aftermath: Aftermath, actor: AuditActor, now: Date): SqlWork<void> {
  const { run, events, pending } = aftermath;
  const route = run.state;
  const loadIds = (yield* loadPartiesOnRoutes(db, [route.id])).map((load) => load.id);
  if (aftermath.firstPosition) yield* issueShipmentLinks(db, loadIds, now);
  if (events.length === 0) return;
  pending.visitedLoadIds.push(...loadIds);
  yield* callService((tx) =>
    recordAudit(tx, {
      actor,
      action: "tracking.stopEvents",
      entityType: "Route",
      entityId: route.id,
      details: {
        routeNumber: route.routeNumber,
        events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
      },
    }),
  );
  const { firstPickup, lastDelivery } = milestoneStops(run.stops);
  for (const event of events) {
    // The loads' own stops at the facility take the visit (their milestones say which stop).
    const nassCodeId = run.stops.find((stop) => stop.id === event.stopId)?.nassCodeId;
    const visited = yield* callService((tx) =>
      recordGeofenceVisits(tx, { loadIds, nassCodeId, kind: event.kind, at: event.at }),
    );
    if (event.kind === "departed" && event.stopId === firstPickup) {
      yield* callService((tx) =>
        advanceLoadStatusFromTracking(tx, {
          loadIds,
          from: ["pending"],
          to: "in_transit",
          actor,
          reason: `Left the first pickup of route ${route.routeNumber}`,
          at: event.at,
          stopMilestoneRecorded: visited,
        }),
      );
    }
    if (event.kind === "arrived" && event.stopId === lastDelivery) {
      const delivered = yield* callService((tx) =>
        advanceLoadStatusFromTracking(tx, {
          loadIds,
          from: ["pending", "in_transit"],
          to: "delivered",
          actor,
          reason: `Reached the last delivery of route ${route.routeNumber}`,
        }),
      );
      pending.invoices.push(...delivered.invoices);
    }
  }
}
