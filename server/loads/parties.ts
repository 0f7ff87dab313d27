import type { Db } from "../db/client.ts";

/** Who a load belongs to on the carrier side: its carrier company and the carrier user it went to. */
export interface LoadParties {
  id: string;
  loadId: string;
  carrierId: string | null;
  assignedUserId: string | null;
}

const PARTIES = { id: true, loadId: true, carrierId: true, assignedUserId: true } as const;

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
