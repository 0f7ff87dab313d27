import type { Db } from "../db/client.ts";
import { NotFoundError } from "../errors.ts";
import type { Carrier, Prisma } from "../generated/sqlite/client.ts";
import { normalizeCarrierIdRef } from "./carrier-id.ts";

type CarrierDb = Pick<Db, "carrier">;

export const CARRIER_NOT_FOUND = "Carrier not found";

/** By database id or readable carrierId (CAR-000123). */
export async function findCarrier(db: CarrierDb, ref: string): Promise<Carrier | null> {
  const key = normalizeCarrierIdRef(ref);
  if (!key) return null;
  return db.carrier.findFirst({ where: { OR: [{ id: key }, { carrierId: key }] } });
}

export async function carrierOrThrow(db: CarrierDb, ref: string): Promise<Carrier> {
  const carrier = await findCarrier(db, ref);
  if (!carrier) throw new NotFoundError(CARRIER_NOT_FOUND);
  return carrier;
}

/** What a GraphQL field's `query` adds to a Prisma read (Pothos' selection). */
export type CarrierQuery = { select?: Prisma.CarrierSelect; include?: Prisma.CarrierInclude };

/** A carrier by database id, read with a GraphQL field's selection. */
export function carrierForQuery(db: CarrierDb, id: string, query: CarrierQuery): Promise<Carrier> {
  return db.carrier.findUniqueOrThrow({ ...query, where: { id } });
}

export function carrierById(db: CarrierDb, id: string): Promise<Carrier> {
  return db.carrier.findUniqueOrThrow({ where: { id } });
}

/** The carrier name a load copies with a new carrierId (null clears it). */
export async function carrierNameOf(db: CarrierDb, carrierId: string | null): Promise<string | null> {
  if (!carrierId) return null;
  const carrier = await db.carrier.findUnique({ where: { id: carrierId }, select: { carrierName: true } });
  return carrier?.carrierName ?? null;
}

/** The readable ids and names of these carriers (audit trail links). */
export function carrierLabels(db: CarrierDb, ids: string[]) {
  return db.carrier.findMany({
    where: { id: { in: ids } },
    select: { id: true, carrierId: true, carrierName: true },
  });
}

/** The carriers with these DOT numbers (the census import matches its rows by DOT number). */
export function carriersByDotNumbers(db: CarrierDb, dotNumbers: string[]) {
  if (dotNumbers.length === 0) return Promise.resolve([]);
  return db.carrier.findMany({
    where: { dotNumber: { in: dotNumbers } },
    select: { id: true, carrierId: true, dotNumber: true },
  });
}
