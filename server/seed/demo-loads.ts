import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { assignLoadDriver, updateLoad } from "../loads/service.ts";
import { uploadLoads } from "../loads/upload/service.ts";
import { actingAs } from "./acting-as.ts";

/** USPS facilities the demo loads move between (made-up codes and streets, real cities). */
const FACILITIES = [
  ["NDC01", "Chicago NDC", "7500 S Roberts Rd", "Bridgeview", "IL", "60455", 41.75, -87.8],
  ["NDC02", "Dallas NDC", "2700 Regent Blvd", "Dallas", "TX", "75261", 32.9, -97.03],
  ["NDC03", "Atlanta NDC", "2750 Kenney Dr", "Atlanta", "GA", "30336", 33.74, -84.55],
  ["NDC04", "Denver NDC", "7500 E 53rd Pl", "Denver", "CO", "80266", 39.8, -104.9],
  ["NDC05", "Los Angeles NDC", "5555 Bandini Blvd", "Bell", "CA", "90201", 33.98, -118.17],
  ["NDC06", "Seattle NDC", "34301 9th Ave S", "Federal Way", "WA", "98003", 47.29, -122.31],
  ["NDC07", "Memphis NDC", "3000 Lindell Dr", "Memphis", "TN", "38118", 35.05, -89.94],
  ["NDC08", "Kansas City NDC", "4900 Speaker Rd", "Kansas City", "KS", "66106", 39.09, -94.7],
  ["PDC11", "Newark P&DC", "80 County Rd", "Jersey City", "NJ", "07097", 40.73, -74.08],
  ["PDC12", "Phoenix P&DC", "4949 E Van Buren St", "Phoenix", "AZ", "85026", 33.45, -111.98],
  ["PDC13", "Minneapolis P&DC", "100 S 1st St", "Minneapolis", "MN", "55401", 44.98, -93.26],
  ["PDC14", "Orlando P&DC", "10401 Tradeport Dr", "Orlando", "FL", "32862", 28.42, -81.32],
  ["PDC15", "Salt Lake City P&DC", "1760 W 2100 S", "Salt Lake City", "UT", "84199", 40.73, -111.93],
  ["PDC16", "Columbus P&DC", "2323 Citygate Dr", "Columbus", "OH", "43219", 40.0, -82.9],
  ["PDC17", "Houston P&DC", "4600 Aldine Bender Rd", "Houston", "TX", "77315", 29.93, -95.34],
  ["PDC18", "Pittsburgh P&DC", "1001 California Ave", "Pittsburgh", "PA", "15290", 40.46, -80.02],
] as const;

const REGIONS: Record<string, string> = {
  IL: "Central",
  TX: "Southern",
  GA: "Southern",
  CO: "Western",
  CA: "Western",
  WA: "Western",
  TN: "Southern",
  KS: "Central",
  NJ: "Eastern",
  AZ: "Western",
  MN: "Central",
  FL: "Southern",
  UT: "Western",
  OH: "Eastern",
  PA: "Eastern",
};

const COMMODITIES = ["Letters/Flats", "Parcels", "Priority Mail", "Periodicals", "Mixed Mail"];
const STATUSES = ["pending", "pending", "pending", "in_transit", "in_transit", "delivered", "cancelled"];

/** A small deterministic generator, so every demo database looks the same. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function isoMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16)}:00Z`;
}

/** A route number as the routing screen generates them: yymmdd and two letters. */
function routeNumber(date: Date, index: number): string {
  const stamp = date.toISOString().slice(2, 10).replaceAll("-", "");
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  return `${stamp}${letters[index % letters.length]}${letters[Math.floor(index / letters.length) % letters.length]}`;
}

async function seedNassCodes(deps: Deps): Promise<void> {
  for (const [index, [code, name, street, city, state, zip, latitude, longitude]] of FACILITIES.entries()) {
    await deps.db.nassCode.upsert({
      where: { code },
      update: {},
      create: {
        code,
        facilityName: name,
        street,
        city,
        state,
        zip,
        region: REGIONS[state],
        division: `${city} District`,
        fdbid: String(1_300_000 + index * 137),
        typeCode: code.startsWith("NDC") ? "NDC" : "P&DC",
        subType: code.startsWith("NDC") ? "Network Distribution Center" : "Processing & Distribution Center",
        facType: "Mail Processing",
        originating: true,
        destinating: index % 5 !== 4,
        latitude,
        longitude,
      },
    });
  }
}

/**
 * A few hundred USPS loads uploaded the way an operator would (one CSV, stream USPS), then a
 * few edited with extra stops and assigned to the demo carrier's driver.
 */
export async function seedDemoLoads(
  deps: Deps,
  admin: User,
  driver: User | null,
  count = 300,
): Promise<void> {
  await seedNassCodes(deps);
  const ctx = actingAs(deps, admin);
  const next = sequence(2026);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const columns = [
    "Load ID",
    "BOL Number",
    "Route Number",
    "Customer",
    "Origin",
    "Destination",
    "Origin NASS",
    "Destination NASS",
    "Pickup Date",
    "Delivery Date",
    "Weight",
    "Volume",
    "Freight Class",
    "Commodity",
    "Reference Number",
    "Status",
    "Mode",
    "Appointments Required",
    "Tracking Link",
    "Trailer",
  ];
  const rows = Array.from({ length: count }, (_, index) => {
    const origin = FACILITIES[Math.floor(next() * FACILITIES.length)];
    let destination = FACILITIES[Math.floor(next() * FACILITIES.length)];
    if (destination === origin)
      destination = FACILITIES[(FACILITIES.indexOf(origin) + 5) % FACILITIES.length];
    const pickup = new Date(today.getTime() + Math.floor((next() * 40 - 20) * 24) * 3_600_000);
    const delivery = new Date(pickup.getTime() + (8 + Math.floor(next() * 56)) * 3_600_000);
    const status = STATUSES[Math.floor(next() * STATUSES.length)];
    const loadId = `USPS-${String(240_100 + index * 7)}`;
    // Eight consecutive loads share a route (one truck run a day).
    const routeDay = new Date(today.getTime() + (Math.floor(index / 8) % 10) * 86_400_000);
    return [
      loadId,
      `BOL${String(880_000_000 + index * 13)}`,
      routeNumber(routeDay, Math.floor(index / 8)),
      "USPS",
      `${origin[2]}, ${origin[3]}, ${origin[4]} ${origin[5]}`,
      `${destination[2]}, ${destination[3]}, ${destination[4]} ${destination[5]}`,
      origin[0],
      destination[0],
      isoMinute(pickup),
      isoMinute(delivery),
      String(2000 + Math.floor(next() * 40_000)),
      String(200 + Math.floor(next() * 3600)),
      "70",
      COMMODITIES[Math.floor(next() * COMMODITIES.length)],
      `PO-${String(Math.floor(next() * 1e7)).padStart(7, "0")}`,
      status,
      next() < 0.9 ? "TRUCK" : "RAIL",
      next() < 0.3 ? "yes" : "no",
      status === "in_transit" ? `https://tracking.freightway.test/${loadId}` : "",
      next() < 0.7 ? "53' Dry Van" : "48' Dry Van",
    ];
  });
  await uploadLoads(ctx, { stream: "USPS", table: { columns, rows }, fileNames: ["usps-demo-week.csv"] });

  // Every route's loads go to one carrier's driver, as dispatch would leave them; only some
  // pending loads still wait for a carrier (the offers demo puts those out for bids).
  const drivers = await deps.db.user.findMany({
    where: { role: "CARRIER", carrierId: { not: null } },
    orderBy: { email: "asc" },
    select: { id: true },
  });
  const soon = today.getTime() + 2 * 86_400_000;
  for (const [index, row] of drivers.length > 0 ? rows.entries() : []) {
    const [loadId, , , , , , , , pickup] = row;
    const status = row[columns.indexOf("Status")];
    if (status === "pending" && Date.parse(pickup) > soon && index % 2 === 0) continue;
    const routeDriver = drivers[Math.floor(index / 8) % drivers.length];
    await assignLoadDriver(ctx, loadId, { user: routeDriver.id });
  }

  // A few multi-stop loads and a few with the demo carrier's driver, as operators would leave them.
  for (const [index, row] of rows.slice(0, 12).entries()) {
    const [loadId, , , , , , origin, destination] = row;
    const middle = FACILITIES[(index * 3 + 2) % FACILITIES.length][0];
    if (index % 2 === 0 && middle !== origin && middle !== destination) {
      await updateLoad(ctx, loadId, {
        stops: [
          { sequence: 1, type: "pickup", nass: origin },
          { sequence: 2, type: "stop", nass: middle },
          { sequence: 3, type: "delivery", nass: destination },
        ],
      });
    }
    if (driver && index % 3 === 0) await assignLoadDriver(ctx, loadId, { user: driver.id });
  }
}
