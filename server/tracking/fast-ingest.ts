import { TRACKING_TEXTS } from "../../common/tracking.ts";
import type { SqlWork } from "../db/bulk.ts";
import type { DbProvider } from "../db/client.ts";
import type { Outcome } from "../db/group-commit.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { loadPartiesOnRoutesSql } from "../loads/service.ts";
import type { RouteReportState } from "../routing/tracked-reads.ts";
import {
  type RouteTrackingColumns,
  reportStatesSql,
  writeRouteTrackingStatesSql,
} from "../routing/tracking-state.ts";
import { carrierIdsOfUsersSql } from "../users/marketplace-reads.ts";
import { etaModel } from "./eta.ts";
import { insertPositionsSql, type PositionRow, positionKey, positionRow } from "./positions-sql.ts";
import { advance, type TrackPoint } from "./progress.ts";
import {
  type BatchResult,
  type IngestJob,
  lastPointOf,
  mayReport,
  progressStops,
  type RouteParty,
  reportAllowedOutright,
} from "./report.ts";

export const FORBIDDEN_REPORT = "Only the route's driver, its carrier or an operator may report positions.";

/** A job the fast path leaves to the full one (stop events, a route's first position). */
export const DEFERRED = Symbol("deferred");
export type FastOutcome = Outcome<BatchResult> | typeof DEFERRED;

/** A route's tracking state as the group's jobs move it forward, one after the other. */
interface RouteRun {
  state: RouteReportState;
  last: TrackPoint | null;
  speedMph: number | null;
  etaMinutes: number | null;
  nextStopEtaMinutes: number | null;
  /** Times (ms) of points this group already inserts for the route. */
  times: Set<number>;
  moved: boolean;
  /** A job of this route went to the full path: the route's later jobs follow it there. */
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
}

/**
 * The common position report as SQL, for a whole group in one driver transaction: one read of the
 * routes' state (locked on PostgreSQL), one insert of every point (duplicates skipped by the
 * unique route-and-time key), one update of the routes' last position and ETAs. A batch that makes
 * stop events or is a route's first position is answered DEFERRED, writing nothing: the full path
 * (audit, load statuses, invoices, shipper links) runs it after this commits, with the route's
 * later batches. Every rule is the full path's: late points stored but never moving the last
 * position back, repeats ignored.
 */
export function* fastIngestSql(
  provider: DbProvider,
  geofenceMeters: number,
  jobs: IngestJob[],
  now: Date,
): SqlWork<FastOutcome[]> {
  const states = yield* reportStatesSql(provider, [...new Set(jobs.map((job) => job.routeNumber))]);
  const asking = jobs.filter((job) => {
    const state = states.get(job.routeNumber);
    return state && !reportAllowedOutright(job.viewer, state);
  });
  const parties = new Map<string, RouteParty[]>();
  const carriers = new Map<string, string | null>();
  if (asking.length > 0) {
    const routeIds = [...new Set(asking.map((job) => states.get(job.routeNumber)!.id))];
    for (const row of yield* loadPartiesOnRoutesSql(provider, routeIds)) {
      parties.set(row.routeId, [...(parties.get(row.routeId) ?? []), row]);
    }
    const userIds = [...new Set(asking.map((job) => job.viewer.id))];
    for (const row of yield* carrierIdsOfUsersSql(provider, userIds)) carriers.set(row.id, row.carrierId);
  }

  const runs = new Map<string, RouteRun>();
  const outcomes: FastOutcome[] = new Array(jobs.length);
  const pending: Pending[] = [];
  const rows: PositionRow[] = [];
  jobs.forEach((job, index) => {
    const state = states.get(job.routeNumber);
    if (!state) {
      outcomes[index] = { ok: false, error: new NotFoundError(TRACKING_TEXTS.routeNotFound) };
      return;
    }
    if (!mayReport(job.viewer, state, parties.get(state.id) ?? [], carriers.get(job.viewer.id) ?? null)) {
      outcomes[index] = { ok: false, error: new ForbiddenError(FORBIDDEN_REPORT) };
      return;
    }
    let run = runs.get(state.id);
    if (!run) {
      run = {
        state,
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
      return;
    }
    const points = [...job.points.values()].filter((point) => !run.times.has(point.recordedAt.getTime()));
    const stops = progressStops(state);
    const progress = advance({ last: run.last, speedMph: run.speedMph }, stops, points, geofenceMeters);
    const moves = progress.state.last !== run.last && progress.state.last !== null;
    if (progress.events.length > 0 || (moves && !state.lastPositionAt)) {
      run.deferred = true;
      outcomes[index] = DEFERRED;
      return;
    }
    const lastTime = run.last?.recordedAt.getTime() ?? Number.NEGATIVE_INFINITY;
    if (moves) {
      const eta = etaModel()({ position: progress.state.last, speedMph: progress.state.speedMph, stops });
      run.last = progress.state.last;
      run.speedMph = progress.state.speedMph;
      run.etaMinutes = eta.finalMinutes;
      run.nextStopEtaMinutes = eta.nextStopMinutes;
      run.moved = true;
    }
    for (const point of points) {
      run.times.add(point.recordedAt.getTime());
      rows.push(positionRow(state.id, job.viewer.id, point, now));
    }
    pending.push({
      index,
      routeId: state.id,
      points: points.map((point) => ({
        time: point.recordedAt.getTime(),
        old: point.recordedAt.getTime() <= lastTime,
      })),
      skipped: job.repeatedInBatch + (job.points.size - points.length),
      etaMinutes: run.etaMinutes,
      nextStopEtaMinutes: run.nextStopEtaMinutes,
    });
  });

  const stored = yield* insertPositionsSql(provider, rows);
  const changes: { routeId: string; columns: RouteTrackingColumns }[] = [];
  for (const run of runs.values()) {
    if (!run.moved || !run.last) continue;
    changes.push({
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
    });
  }
  yield* writeRouteTrackingStatesSql(provider, changes, now);

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
        invoices: [],
      },
    };
  }
  return outcomes;
}
