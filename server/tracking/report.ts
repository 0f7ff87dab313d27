import type { Viewer } from "../auth/policy.ts";
import type { CreatedOnce } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import type { RouteReportState } from "../routing/store-tracking.ts";
import type { ProgressStop, TrackPoint } from "./progress.ts";

/** What a position report answers (REST and GraphQL). */
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

/**
 * A batch's answer, with what to announce once committed: the invoices its deliveries drafted and
 * the loads whose stops the geofence marked (their drivers' trips changed).
 */
export type BatchResult = ReportResult & { invoices: CreatedOnce[]; visitedLoadIds: string[] };

/** One call's batch, validated and without repeats, waiting for its group's transaction. */
export interface IngestJob {
  ctx: Context;
  /**
   * Who reports; null for a driver's trip session, which the driver app's service authorized
   * for the trip's own route before submitting (no user: its points carry no userId).
   */
  viewer: Viewer | null;
  routeNumber: string;
  /** The batch's points by time (ms). */
  points: Map<number, TrackPoint>;
  repeatedInBatch: number;
}

/** Who carries a load of the route: its driver and carrier. */
export interface RouteParty {
  assignedUserId: string | null;
  carrierId: string | null;
}

/** An admin and the route's driver may report without reading the route's loads. */
export function reportAllowedOutright(
  viewer: Viewer,
  route: Pick<RouteReportState, "assignedUserId">,
): boolean {
  return viewer.role === "ADMIN" || route.assignedUserId === viewer.id;
}

/**
 * Who may report for a route: an admin, the route's driver (or the driver of one of its loads),
 * or any user of the route's carrier (or of a carrier its loads are with): a telematics account.
 */
export function mayReport(
  viewer: Viewer,
  route: Pick<RouteReportState, "assignedUserId" | "carrierId">,
  parties: RouteParty[],
  viewerCarrierId: string | null,
): boolean {
  if (reportAllowedOutright(viewer, route)) return true;
  if (parties.some((load) => load.assignedUserId === viewer.id)) return true;
  const carriers = new Set([route.carrierId, ...parties.map((load) => load.carrierId)].filter(Boolean));
  return viewerCarrierId !== null && carriers.has(viewerCarrierId);
}

export function progressStops(route: RouteReportState): ProgressStop[] {
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
    nassCodeId: stop.nassCodeId,
    radiusMeters: stop.nassCode?.geofenceRadiusMeters ?? null,
  }));
}

/** The route's last position as a track point (its speed lives in the smoothed state). */
export function lastPointOf(route: RouteReportState): TrackPoint | null {
  return route.lastPositionAt && route.lastLat !== null && route.lastLng !== null
    ? {
        lat: route.lastLat,
        lng: route.lastLng,
        recordedAt: route.lastPositionAt,
        speedMph: null,
        heading: route.lastHeading,
      }
    : null;
}
