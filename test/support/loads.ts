import type { App } from "../../server/app.ts";
import { createUser, rest } from "./app.ts";

/** NASS records, e.g. for stop rows. */
export async function createNassCodes(app: App, codes: string[]) {
  const rows = [];
  for (const [index, code] of codes.entries()) {
    rows.push(
      await app.deps.db.nassCode.create({
        data: {
          code,
          facilityName: `Facility ${code}`,
          city: ["Chicago", "Dallas", "Atlanta", "Denver"][index % 4],
          state: ["IL", "TX", "GA", "CO"][index % 4],
          region: "Central",
          division: "Division",
          fdbid: `FDB${index}`,
          street: `${100 + index} Main St`,
          zip: `6060${index % 10}`,
          typeCode: "P&DC",
          subType: "Plant",
          facType: "Processing",
          originating: true,
          destinating: index % 2 === 0,
        },
      }),
    );
  }
  return rows;
}

/** A carrier company with one driver (a CARRIER user attached to it). */
export async function carrierWithDriver(app: App, suffix = "1") {
  const carrier = await app.deps.db.carrier.create({
    data: {
      carrierId: `CAR-${suffix}`,
      carrierName: `Carrier ${suffix} Trucking`,
      dotNumber: `DOT-${suffix}`,
      mcNumber: `MC-${suffix}`,
      contactName: "Dispatch",
      contactPhone: "+12015550100",
      contactEmail: `dispatch-${suffix}@example.com`,
    },
  });
  const user = await createUser(app, { email: `driver-${suffix}@example.com`, fullName: `Driver ${suffix}` });
  const driver = await app.deps.db.user.update({ where: { id: user.id }, data: { carrierId: carrier.id } });
  return { carrier, driver };
}

/** Uploads rows (objects keyed by header) through REST as the admin; fails the test otherwise. */
export async function uploadLoads(
  app: App,
  token: string,
  loads: Record<string, unknown>[],
  stream = "USPS",
) {
  const result = await rest(app, "POST", "/loads", { loads, stream }, { token });
  if (result.status !== 201)
    throw new Error(`upload failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** A load row for uploads keyed by the CSV headers the load screens' tests use. */
export type SeedLoad = {
  "Load ID": string;
  Customer?: string;
  Status?: string;
  Mode?: string;
  "Route Number"?: string;
  "Pickup Date"?: string;
  "Delivery Date"?: string;
  "Tracking Link"?: string;
  "Origin NASS"?: string;
  "Destination NASS"?: string;
};

/**
 * `count` loads SEED-0001… with statuses, modes and pickup days cycling, so filters and sorts
 * have something to tell apart: every 4th delivered, every 5th by RAIL, pickups from 2026-01-01.
 */
export function seedLoadRows(count: number, prefix = "SEED"): SeedLoad[] {
  return Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const day = String(1 + (index % 28)).padStart(2, "0");
    return {
      "Load ID": `${prefix}-${String(number).padStart(4, "0")}`,
      Customer: number % 3 === 0 ? "Acme Freight" : "USPS",
      Status: number % 4 === 0 ? "delivered" : "pending",
      Mode: number % 5 === 0 ? "RAIL" : "TRUCK",
      "Route Number": number % 2 === 0 ? `R${String(number).padStart(5, "0")}` : "",
      "Pickup Date": `2026-01-${day}T08:00:00Z`,
      "Delivery Date": `2026-02-${day}T17:30:00Z`,
      "Tracking Link": number % 2 === 1 && number % 3 === 0 ? `https://track.example.com/${number}` : "",
    };
  });
}
