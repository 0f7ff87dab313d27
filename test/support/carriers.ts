import type { App } from "../../server/app.ts";
import { rest } from "./app.ts";

/** The Add Carrier form's payload, distinct per `n` (name, DOT, MC, phone and e-mail). */
export function carrierPayload(n: number, overrides: Record<string, unknown> = {}) {
  return {
    carrierName: `Carrier ${n} Freight`,
    dotNumber: String(3_000_000 + n),
    mcNumber: `MC-${700_000 + n}`,
    type: "Trucking",
    contact: `Contact ${n}`,
    phone: `(201) 555-${String(100 + n).padStart(4, "0")}`,
    email: `dispatch${n}@carrier${n}.example.com`,
    ...overrides,
  };
}

export interface CarrierAnswer {
  _id: string;
  carrierId: string;
  carrierName: string;
  dotNumber: string;
  mcNumber: string;
  type: string;
  contact: { name: string; phone: string; email: string };
  drivers: { _id: string; userId: string; email: string; fullName: string | null }[];
}

/** Creates a carrier over REST as `token` (an admin) and returns the answer. */
export async function createCarrierAs(
  app: App,
  token: string,
  n: number,
  overrides: Record<string, unknown> = {},
) {
  const result = await rest<CarrierAnswer>(app, "POST", "/carriers", carrierPayload(n, overrides), { token });
  if (result.status !== 201)
    throw new Error(`create carrier failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}
