import { z } from "zod";
import { dateProblemMessage, readInstant } from "../../common/date-time.ts";
import {
  APPOINTMENT_TEXTS,
  type DetentionFigures,
  type DetentionTerms,
  detentionOf,
  formatInZone,
  formatWindow,
} from "../../common/loads/appointments.ts";
import type { MilestoneSource } from "../../common/loads/milestones.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireAdmin } from "../auth/policy.ts";
import { announceCreated, type CreatedOnce } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { LoadStop, NassCode } from "../generated/sqlite/client.ts";
import { announceTripChange } from "../lib/trip-events.ts";
import { parseInput } from "../lib/validate.ts";
import { facilityTimeZone } from "../nass/time-zone.ts";
import { loadsChanged } from "./list-count.ts";
import { recordMilestones } from "./milestones.ts";
import { driverLoadOrThrow, partyLoadOrThrow } from "./parties.ts";
import { advanceLoadStatusFromTracking } from "./service.ts";
import { LOAD_NOT_FOUND } from "./validation.ts";

/**
 * A load's stops as visits: the appointment window on the facility's clock, the arrival and
 * departure (from the geofence or marked by a person), and the detention the dwell proposes.
 * Operators and the load's carrier side read them and mark arrivals and departures; operators
 * accept a detention proposal.
 */

export type StopVisitKind = "arrived" | "departed";

export type StopWithFacility = LoadStop & { nassCode: NassCode | null };

/** What a stop's detention stands at: proposed (dwell beyond the free time) or accepted. */
export interface DetentionProposal extends DetentionFigures {
  stopId: string;
  sequence: number;
  facilityCode: string | null;
  freeMinutes: number;
  rateCentsPerHour: number;
  status: "proposed" | "accepted";
  acceptedAt: Date | null;
}

/** What the detention of a stop reads of it. */
export type DetentionStop = Pick<
  LoadStop,
  | "id"
  | "sequence"
  | "arrivedAt"
  | "departedAt"
  | "appointmentFrom"
  | "detentionAcceptedCents"
  | "detentionAcceptedAt"
> & { nassCode: { code: string } | null };

/** The columns a GraphQL field selects for detentionProposalOf. */
export const DETENTION_SELECT = {
  id: true,
  sequence: true,
  arrivedAt: true,
  departedAt: true,
  appointmentFrom: true,
  detentionAcceptedCents: true,
  detentionAcceptedAt: true,
  nassCode: { select: { code: true } },
} as const;

export function detentionProposalOf(stop: DetentionStop, terms: DetentionTerms): DetentionProposal | null {
  const figures = detentionOf(stop, terms);
  if (!figures && stop.detentionAcceptedCents === null) return null;
  const accepted = stop.detentionAcceptedCents !== null;
  const base: DetentionFigures = figures ?? {
    startedAt: stop.arrivedAt ?? new Date(0),
    dwellMinutes: 0,
    billableMinutes: 0,
    hoursOver: 0,
    amountCents: 0,
  };
  return {
    ...base,
    amountCents: accepted ? stop.detentionAcceptedCents! : base.amountCents,
    stopId: stop.id,
    sequence: stop.sequence,
    facilityCode: stop.nassCode?.code ?? null,
    freeMinutes: terms.freeMinutes,
    rateCentsPerHour: terms.rateCentsPerHour,
    status: accepted ? "accepted" : "proposed",
    acceptedAt: stop.detentionAcceptedAt,
  };
}

/** A stop's appointment and visit as the REST answers carry them (in every load's `stops`). */
export function stopTimesJson(stop: StopWithFacility) {
  const zone = stop.nassCode ? facilityTimeZone(stop.nassCode) : null;
  return {
    appointmentFrom: stop.appointmentFrom?.toISOString() ?? null,
    appointmentTo: stop.appointmentTo?.toISOString() ?? null,
    timeZone: zone,
    appointmentText: formatWindow(stop.appointmentFrom, stop.appointmentTo, zone),
    arrivedAt: stop.arrivedAt?.toISOString() ?? null,
    arrivedSource: (stop.arrivedSource as MilestoneSource | null) ?? null,
    departedAt: stop.departedAt?.toISOString() ?? null,
    departedSource: (stop.departedSource as MilestoneSource | null) ?? null,
  };
}

/** GET /loads/{loadId}/stops and the marks: a stop with its facility, times and detention. */
export function stopVisitJson(stop: StopWithFacility, terms: DetentionTerms) {
  const zone = stop.nassCode ? facilityTimeZone(stop.nassCode) : null;
  const detention = detentionProposalOf(stop, terms);
  return {
    _id: stop.id,
    sequence: stop.sequence,
    type: stop.type,
    facilityCode: stop.nassCode?.code ?? null,
    facilityName: stop.nassCode?.facilityName ?? null,
    city: stop.nassCode?.city ?? null,
    state: stop.nassCode?.state ?? null,
    ...stopTimesJson(stop),
    arrivedText: formatInZone(stop.arrivedAt, zone),
    departedText: formatInZone(stop.departedAt, zone),
    detention: detention
      ? {
          status: detention.status,
          dwellMinutes: detention.dwellMinutes,
          freeMinutes: detention.freeMinutes,
          hoursOver: detention.hoursOver,
          rateCentsPerHour: detention.rateCentsPerHour,
          amountCents: detention.amountCents,
          acceptedAt: detention.acceptedAt?.toISOString() ?? null,
        }
      : null,
  };
}

const STOP_ORDER = [{ sequence: "asc" as const }, { id: "asc" as const }];

/** A load's stops with their facilities, for operators and the load's carrier side. */
export async function loadStopVisits(ctx: Context, loadReference: string) {
  const load = await partyLoadOrThrow(ctx, loadReference, LOAD_NOT_FOUND);
  const stops = await ctx.db.loadStop.findMany({
    where: { loadId: load.id },
    include: { nassCode: true },
    orderBy: STOP_ORDER,
    take: 200,
  });
  return { load, stops };
}

/** A load's detention proposals, by stop sequence (operators). */
export async function loadDetentionProposals(ctx: Context, loadDbId: string): Promise<DetentionProposal[]> {
  requireAdmin(ctx);
  const stops = await ctx.db.loadStop.findMany({
    where: { loadId: loadDbId },
    include: { nassCode: true },
    orderBy: STOP_ORDER,
    take: 200,
  });
  return stops.flatMap((stop) => detentionProposalOf(stop, ctx.config.detention) ?? []);
}

export const STOP_VISIT_TEXTS = {
  future: "The time must not be in the future",
  cancelled: "A cancelled load's stops cannot be marked",
} as const;

/** A clock a few minutes fast on the marking device is not the future. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export const stopVisitInput = z
  .object({
    at: z
      .unknown()
      .optional()
      .meta({
        type: ["string", "null"],
        format: "date-time",
        description: "When it happened; left out: now.",
      }),
  })
  .default({});

function readAt(value: unknown, now: Date): Date {
  if (value === undefined || value === null || value === "") return now;
  const date = readInstant(value);
  if (!(date instanceof Date)) {
    const message = dateProblemMessage(date, "at");
    throw new ValidationError(message, [{ field: "at", message }]);
  }
  if (date.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw new ValidationError(STOP_VISIT_TEXTS.future, [{ field: "at", message: STOP_VISIT_TEXTS.future }]);
  }
  return date;
}

/** Whether the stop already has this mark at `at` or before (a replayed check-in changes nothing). */
function alreadyMarkedBy(stop: LoadStop, kind: StopVisitKind, at: Date): boolean {
  const marked = kind === "arrived" ? stop.arrivedAt : stop.departedAt;
  return marked !== null && marked.getTime() <= at.getTime();
}

const stopLabel = (stop: { sequence: number; nassCode: { code: string } | null }) =>
  `stop ${stop.sequence}${stop.nassCode ? ` (${stop.nassCode.code})` : ""}`;

type StatusTx = Parameters<typeof advanceLoadStatusFromTracking>[0];

/**
 * Status follows the stops as the geofence moves it: leaving the first pickup puts a pending load
 * in transit, reaching the last delivery delivers it (its invoice drafted once).
 */
async function followStatus(
  tx: StatusTx,
  load: { id: string },
  stops: readonly { id: string; type: string; sequence: number }[],
  mark: { stopId: string; kind: StopVisitKind; at: Date },
  who: { actor: AuditActor; source: MilestoneSource; byUserId: string | null },
): Promise<CreatedOnce[]> {
  const sorted = [...stops].sort((a, b) => a.sequence - b.sequence);
  const firstPickup = sorted.find((stop) => stop.type === "pickup")?.id;
  const lastDelivery = sorted.findLast((stop) => stop.type === "delivery")?.id;
  const common = {
    loadIds: [load.id],
    actor: who.actor,
    source: who.source,
    byUserId: who.byUserId,
    at: mark.at,
  };
  if (mark.kind === "departed" && mark.stopId === firstPickup) {
    await advanceLoadStatusFromTracking(tx, {
      ...common,
      from: ["pending"],
      to: "in_transit",
      reason: "Left the first pickup",
      stopMilestoneRecorded: new Set([load.id]),
    });
  }
  if (mark.kind === "arrived" && mark.stopId === lastDelivery) {
    const delivered = await advanceLoadStatusFromTracking(tx, {
      ...common,
      from: ["pending", "in_transit"],
      to: "delivered",
      reason: "Reached the last delivery",
    });
    return delivered.invoices;
  }
  return [];
}

/**
 * A person marks a stop arrived or departed (POST /loads/{loadId}/stops/{sequence}/arrive|depart,
 * markLoadStopVisit): operators and the load's carrier side. Records the milestone (source user),
 * and the status follows as for the geofence. Arrived once and departed once, departure after the
 * arrival; a cancelled load is not marked.
 */
export async function markStopVisit(
  ctx: Context,
  loadReference: string,
  sequence: number,
  kind: StopVisitKind,
  raw: unknown,
): Promise<{ loadDbId: string; stop: StopWithFacility }> {
  const load = await driverLoadOrThrow(ctx, loadReference, LOAD_NOT_FOUND);
  const input = parseInput(stopVisitInput, raw ?? {});
  const at = readAt(input.at, new Date());
  if (load.status === "cancelled") throw new ConflictError(STOP_VISIT_TEXTS.cancelled);
  const stops = await ctx.db.loadStop.findMany({
    where: { loadId: load.id },
    include: { nassCode: true },
    orderBy: STOP_ORDER,
    take: 200,
  });
  const stop = stops.find((candidate) => candidate.sequence === sequence);
  if (!stop) throw new NotFoundError(APPOINTMENT_TEXTS.noStop);
  // The driver app replays its queue after being offline: a mark already there at the same or an
  // earlier time (the app's own, or the geofence's) answers the stop as it is.
  if (ctx.trip && alreadyMarkedBy(stop, kind, at)) return { loadDbId: load.id, stop };
  if (kind === "arrived" && stop.arrivedAt) throw new ConflictError(APPOINTMENT_TEXTS.alreadyArrived);
  if (kind === "departed") {
    if (stop.departedAt) throw new ConflictError(APPOINTMENT_TEXTS.alreadyDeparted);
    if (!stop.arrivedAt) throw new ConflictError(APPOINTMENT_TEXTS.notArrived);
    if (at.getTime() < stop.arrivedAt.getTime()) {
      throw new ValidationError(APPOINTMENT_TEXTS.departedBeforeArrived, [
        { field: "at", message: APPOINTMENT_TEXTS.departedBeforeArrived },
      ]);
    }
  }
  const byUserId = ctx.viewer?.id ?? null;
  const source: MilestoneSource = ctx.trip ? "driver_app" : "user";
  let invoices: CreatedOnce[] = [];
  const updated = await ctx.db
    .$transaction(async (tx) => {
      // The condition keeps two marks (or a mark and the geofence) from both writing.
      const written = await tx.loadStop.updateMany({
        where:
          kind === "arrived"
            ? { id: stop.id, arrivedAt: null }
            : { id: stop.id, arrivedAt: { not: null }, departedAt: null },
        data:
          kind === "arrived"
            ? { arrivedAt: at, arrivedSource: source }
            : { departedAt: at, departedSource: source },
      });
      if (written.count === 0) {
        throw new ConflictError(
          kind === "arrived" ? APPOINTMENT_TEXTS.alreadyArrived : APPOINTMENT_TEXTS.alreadyDeparted,
        );
      }
      await recordMilestones(tx, [
        { loadDbId: load.id, milestone: kind, source, byUserId, at, detail: stopLabel(stop) },
      ]);
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: kind === "arrived" ? "load.stopArrived" : "load.stopDeparted",
        entityType: "Load",
        entityId: load.id,
        details: {
          loadId: load.loadId,
          sequence,
          at: at.toISOString(),
          ...(ctx.trip ? { source, driverName: ctx.trip.driverName } : {}),
        },
      });
      invoices = await followStatus(
        tx,
        load,
        stops,
        { stopId: stop.id, kind, at },
        { actor: auditActor(ctx), source, byUserId },
      );
      return tx.loadStop.findUniqueOrThrow({ where: { id: stop.id }, include: { nassCode: true } });
    })
    .finally(loadsChanged);
  for (const invoice of invoices) announceCreated(ctx, invoice);
  announceTripChange(ctx, [load.id]);
  return { loadDbId: load.id, stop: updated };
}

/**
 * The geofence's arrivals and departures at a facility, onto the stops of the route's loads at
 * that facility (each load's first stop there not yet arrived at, or arrived at and not left),
 * inside tracking's transaction; each records its milestone (source geofence). Answers the loads
 * that got a departure milestone, so the status change does not record a second one.
 */
export async function recordGeofenceVisits(
  tx: Pick<Db, "loadStop" | "loadMilestone" | "load">,
  visit: { loadIds: string[]; nassCodeId: string | null | undefined; kind: StopVisitKind; at: Date },
): Promise<Set<string>> {
  const marked = new Set<string>();
  if (!visit.nassCodeId || visit.loadIds.length === 0) return marked;
  const stops = await tx.loadStop.findMany({
    where: {
      loadId: { in: visit.loadIds },
      nassCodeId: visit.nassCodeId,
      ...(visit.kind === "arrived" ? { arrivedAt: null } : { arrivedAt: { not: null }, departedAt: null }),
    },
    include: { nassCode: { select: { code: true } } },
    orderBy: [{ loadId: "asc" }, ...STOP_ORDER],
  });
  const firstPerLoad = new Map<string, (typeof stops)[number]>();
  for (const stop of stops) if (!firstPerLoad.has(stop.loadId)) firstPerLoad.set(stop.loadId, stop);
  for (const stop of firstPerLoad.values()) {
    const written = await tx.loadStop.updateMany({
      where:
        visit.kind === "arrived"
          ? { id: stop.id, arrivedAt: null }
          : { id: stop.id, arrivedAt: { not: null }, departedAt: null },
      data:
        visit.kind === "arrived"
          ? { arrivedAt: visit.at, arrivedSource: "geofence" }
          : { departedAt: visit.at, departedSource: "geofence" },
    });
    if (written.count === 0) continue;
    await recordMilestones(tx, [
      {
        loadDbId: stop.loadId,
        milestone: visit.kind,
        source: "geofence",
        at: visit.at,
        detail: stopLabel(stop),
      },
    ]);
    if (visit.kind === "departed") marked.add(stop.loadId);
  }
  return marked;
}

/**
 * An operator accepts a stop's detention proposal (acceptLoadStopDetention, POST
 * /loads/{loadId}/stops/{sequence}/detention/accept): the amount proposed now is kept on the stop
 * (billing's invoice lines may take it from there). Once only.
 */
export async function acceptStopDetention(
  ctx: Context,
  loadReference: string,
  sequence: number,
): Promise<{ loadDbId: string; stop: StopWithFacility }> {
  requireAdmin(ctx);
  const load = await partyLoadOrThrow(ctx, loadReference, LOAD_NOT_FOUND);
  const stop = await ctx.db.loadStop.findFirst({
    where: { loadId: load.id, sequence },
    include: { nassCode: true },
    orderBy: STOP_ORDER,
  });
  if (!stop) throw new NotFoundError(APPOINTMENT_TEXTS.noStop);
  if (stop.detentionAcceptedCents !== null) throw new ConflictError(APPOINTMENT_TEXTS.detentionAccepted);
  const figures = detentionOf(stop, ctx.config.detention);
  if (!figures) throw new ConflictError(APPOINTMENT_TEXTS.noDetention);
  const now = new Date();
  const updated = await ctx.db.$transaction(async (tx) => {
    const written = await tx.loadStop.updateMany({
      where: { id: stop.id, detentionAcceptedCents: null },
      data: {
        detentionAcceptedCents: figures.amountCents,
        detentionAcceptedAt: now,
        detentionAcceptedById: ctx.viewer?.id,
      },
    });
    if (written.count === 0) throw new ConflictError(APPOINTMENT_TEXTS.detentionAccepted);
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "load.detentionAccepted",
      entityType: "Load",
      entityId: load.id,
      details: {
        loadId: load.loadId,
        sequence,
        amountCents: figures.amountCents,
        hoursOver: figures.hoursOver,
      },
    });
    return tx.loadStop.findUniqueOrThrow({ where: { id: stop.id }, include: { nassCode: true } });
  });
  return { loadDbId: load.id, stop: updated };
}

/** Whether the viewer is an operator (payloads answer the whole load to operators only). */
export const isOperator = (ctx: Context) => policy.isAdmin(ctx.viewer);
