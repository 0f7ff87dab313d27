import { policy, requireViewer, type Viewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { NotFoundError } from "../errors.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";

/** Who a load belongs to on the carrier side: its carrier company and the carrier user it went to. */
export interface LoadParties {
  id: string;
  loadId: string;
  carrierId: string | null;
  assignedUserId: string | null;
  status: string;
}

const PARTIES = { id: true, loadId: true, carrierId: true, assignedUserId: true, status: true } as const;

/**
 * The load named by its public id (or database id), with its parties, for another domain's own
 * authorization (documents): no viewer check here, the caller decides who may see what.
 */
export function loadPartiesOf(db: Pick<Db, "load">, reference: string): Promise<LoadParties | null> {
  return db.load.findFirst({ where: { OR: [{ loadId: reference }, { id: reference }] }, select: PARTIES });
}

/** The same by database id. */
export function loadPartiesById(db: Pick<Db, "load">, id: string): Promise<LoadParties | null> {
  return db.load.findUnique({ where: { id }, select: PARTIES });
}

/**
 * Who may read a load's paperwork (documents, timeline): operators, and on the carrier side the
 * carrier company the load went to and the carrier user who won it. Loads themselves stay
 * operators' data; anyone else is told the load does not exist.
 */
export function isLoadParty(
  viewer: Viewer | null,
  viewerCarrierId: string | null,
  load: LoadParties,
): boolean {
  if (viewer === null) return false;
  if (policy.isAdmin(viewer)) return true;
  if (load.assignedUserId !== null && load.assignedUserId === viewer.id) return true;
  return load.carrierId !== null && load.carrierId === viewerCarrierId;
}

/** Whether the viewer behind `ctx` is a party of this load (isLoadParty, its carrier read once). */
export async function isPartyOf(ctx: Context, load: LoadParties): Promise<boolean> {
  const viewer = ctx.viewer;
  if (!viewer) return false;
  if (policy.isAdmin(viewer)) return true;
  return isLoadParty(viewer, await carrierIdOfUser(ctx.db, viewer.id), load);
}

/** The load named by `reference` when the viewer is one of its parties; otherwise `notFound`. */
export async function partyLoadOrThrow(
  ctx: Context,
  reference: string,
  notFound: string,
): Promise<LoadParties> {
  requireViewer(ctx);
  const load = await loadPartiesOf(ctx.db, reference);
  if (!load || !(await isPartyOf(ctx, load))) throw new NotFoundError(notFound);
  return load;
}

/**
 * The load a driver app writes to (stop check-ins, documents): a trip session only its own load
 * (any other, or none: `notFound`); a signed-in user as partyLoadOrThrow.
 */
export async function driverLoadOrThrow(
  ctx: Context,
  reference: string,
  notFound: string,
): Promise<LoadParties> {
  if (!ctx.trip) return partyLoadOrThrow(ctx, reference, notFound);
  const load = await loadPartiesOf(ctx.db, reference);
  if (!load || load.id !== ctx.trip.loadDbId) throw new NotFoundError(notFound);
  return load;
}
