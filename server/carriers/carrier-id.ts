import type { PrismaTx } from "../db/bulk.ts";
import { type Db, providerOf } from "../db/client.ts";
import { holdTransactionLock } from "../db/prisma-work.ts";

type CarrierReader = Pick<Db, "carrier">;

export const CARRIER_ID_PREFIX = "CAR-";
const DIGITS = 6;

/** CAR-000001, CAR-000002, ...: readable, sortable as text, and short enough to say on the phone. */
export function formatCarrierId(sequence: number): string {
  return `${CARRIER_ID_PREFIX}${String(sequence).padStart(DIGITS, "0")}`;
}

/** Any fixed number: the key of the lock that serialises carrier-id allocation. */
const CARRIER_ID_LOCK = 7_304_211;

/** Inside a transaction, waits until no other transaction is allocating a carrier id (released at commit). */
export async function lockCarrierIds(tx: PrismaTx, databaseUrl: string): Promise<void> {
  await holdTransactionLock(tx, providerOf(databaseUrl), CARRIER_ID_LOCK);
}

/**
 * The next free carrier id after the highest one issued; call lockCarrierIds first in the same
 * transaction. Should two creates still meet, the unique index refuses one and createCarrier retries.
 */
export async function nextCarrierId(db: CarrierReader): Promise<string> {
  const last = await db.carrier.findFirst({
    where: { carrierId: { startsWith: CARRIER_ID_PREFIX } },
    orderBy: { carrierId: "desc" },
    select: { carrierId: true },
  });
  const lastSequence = last ? Number.parseInt(last.carrierId.slice(CARRIER_ID_PREFIX.length), 10) : 0;
  return formatCarrierId((Number.isFinite(lastSequence) ? lastSequence : 0) + 1);
}

/** Lenient lookup key: "car-000123" finds CAR-000123. */
export function normalizeCarrierIdRef(ref: string): string {
  const trimmed = ref.trim();
  return /^car-\d+$/i.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}
