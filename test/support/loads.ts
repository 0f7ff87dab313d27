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
