import type { Db } from "../db/client.ts";

type CarrierReader = Pick<Db, "carrier">;

export const CARRIER_ID_PREFIX = "CAR-";
const DIGITS = 6;

/** CAR-000001, CAR-000002, ...: readable, sortable as text, and short enough to say on the phone. */
export function formatCarrierId(sequence: number): string {
  return `${CARRIER_ID_PREFIX}${String(sequence).padStart(DIGITS, "0")}`;
}

/**
 * The next free carrier id after the highest one issued. Two concurrent creates can pick the same
 * one; the unique index refuses the second and the caller retries (see createCarrier).
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
