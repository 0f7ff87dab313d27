import { publicTrackingPath, TRACKING_TEXTS, trackingStopKind } from "../../common/tracking.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { NotFoundError } from "../errors.ts";
import { createRowId } from "../lib/ids.ts";
import { findLoad } from "../loads/service.ts";
import { lastPositionOf, nearestFacilityCity } from "./service.ts";
import { newTrackingToken } from "./store.ts";

/** Tokens are 24 random bytes in base64url; anything else is refused before the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export interface ShipmentTracking {
  loadId: string;
  status: string;
  routeNumber: string | null;
  etaMinutes: number | null;
  lastPositionAt: Date | null;
  lastKnownCity: string | null;
  stops: {
    sequence: number;
    type: string;
    city: string | null;
    state: string | null;
    arrivedAt: Date | null;
    departedAt: Date | null;
  }[];
}

/**
 * The shipper's page (/track/{token}), open to anyone with the link: the load's status, its
 * stops' progress, the last known city and the ETA. Never the driver, the carrier's people or
 * the truck's exact position.
 */
export async function shipmentByToken(ctx: Context, token: string): Promise<ShipmentTracking> {
  if (!TOKEN_SHAPE.test(token)) throw new NotFoundError(TRACKING_TEXTS.linkNotFound);
  const link = await ctx.db.shipmentTrackingLink.findUnique({
    where: { token },
    select: {
      revokedAt: true,
      load: {
        select: {
          loadId: true,
          status: true,
          route: {
            select: {
              routeNumber: true,
              etaMinutes: true,
              lastLat: true,
              lastLng: true,
              lastPositionAt: true,
              stops: {
                orderBy: [{ sequence: "asc" }, { id: "asc" }],
                select: {
                  sequence: true,
                  type: true,
                  arrivedAt: true,
                  departedAt: true,
                  nassCode: { select: { city: true, state: true } },
                },
              },
            },
          },
        },
      },
    },
  });
  if (!link || link.revokedAt) throw new NotFoundError(TRACKING_TEXTS.linkNotFound);
  const { load } = link;
  const route = load.route;
  const position = route ? lastPositionOf(route) : null;
  const near = position ? await nearestFacilityCity(ctx.db, position) : null;
  return {
    loadId: load.loadId,
    status: load.status,
    routeNumber: route?.routeNumber ?? null,
    etaMinutes: load.status === "delivered" ? 0 : (route?.etaMinutes ?? null),
    lastPositionAt: route?.lastPositionAt ?? null,
    lastKnownCity: near ? [near.city, near.state].filter(Boolean).join(", ") : null,
    stops: (route?.stops ?? []).map((stop) => ({
      sequence: stop.sequence,
      type: trackingStopKind(stop.type),
      city: stop.nassCode?.city ?? null,
      state: stop.nassCode?.state ?? null,
      arrivedAt: stop.arrivedAt,
      departedAt: stop.departedAt,
    })),
  };
}

async function loadIdOf(ctx: Context, reference: string): Promise<{ id: string; loadId: string }> {
  const load = await findLoad(ctx, reference, { select: { id: true, loadId: true } });
  if (!load) throw new NotFoundError("Load not found");
  return load;
}

/** Revokes the load's live link (if any) and issues a new one: the old URL stops working. */
export async function renewShipmentLink(ctx: Context, loadReference: string): Promise<string> {
  requireAdmin(ctx);
  const load = await loadIdOf(ctx, loadReference);
  const token = newTrackingToken();
  await ctx.db.$transaction(async (tx) => {
    await tx.shipmentTrackingLink.updateMany({
      where: { loadId: load.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    await tx.shipmentTrackingLink.create({ data: { id: createRowId(), loadId: load.id, token } });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "tracking.renewLink",
      entityType: "Load",
      entityId: load.id,
      details: { loadId: load.loadId },
    });
  });
  return publicTrackingPath(token);
}

/** Revokes the load's live link; the shipper's page answers 'Tracking link not found'. */
export async function revokeShipmentLink(ctx: Context, loadReference: string): Promise<number> {
  requireAdmin(ctx);
  const load = await loadIdOf(ctx, loadReference);
  return ctx.db.$transaction(async (tx) => {
    const { count } = await tx.shipmentTrackingLink.updateMany({
      where: { loadId: load.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "tracking.revokeLink",
      entityType: "Load",
      entityId: load.id,
      details: { loadId: load.loadId, revoked: count },
    });
    return count;
  });
}

/** The load's live public path, or null. */
export async function activeShipmentPath(ctx: Context, loadId: string): Promise<string | null> {
  requireAdmin(ctx);
  const link = await ctx.db.shipmentTrackingLink.findFirst({
    where: { loadId, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { token: true },
  });
  return link ? publicTrackingPath(link.token) : null;
}
