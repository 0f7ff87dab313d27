import type { Db } from "../db/client.ts";
import { NotFoundError } from "../errors.ts";
import type { Carrier } from "../generated/sqlite/client.ts";
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
