import { NASS_COLUMNS } from "../../common/routing.ts";
import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { importNassCodes } from "../nass/import.ts";
import { suggestedStops, updateRoute } from "../routing/service.ts";
import { actingAs } from "./acting-as.ts";

/**
 * DEMO DATA: USPS processing plants in real cities, with made-up codes, FDB ids and streets (no
 * public NASS code list exists). Coordinates come from the ZIP code's centroid, like any import.
 * [code, region, division, facility name, city, state, zip]
 */
const PLANTS = [
  ["BOSPDC", "Eastern", "Northeast", "Boston P&DC", "Boston", "MA", "02210"],
  ["SPFPDC", "Eastern", "Northeast", "Springfield P&DC", "Springfield", "MA", "01104"],
  ["PVDPDC", "Eastern", "Northeast", "Providence P&DC", "Providence", "RI", "02904"],
  ["HFDPDC", "Eastern", "Northeast", "Hartford P&DC", "Hartford", "CT", "06106"],
  ["NYCPDC", "Eastern", "New York", "Morgan P&DC", "New York", "NY", "10001"],
  ["BKNPDC", "Eastern", "New York", "Brooklyn P&DC", "Brooklyn", "NY", "11232"],
  ["PHLPDC", "Eastern", "Mid-Atlantic", "Philadelphia P&DC", "Philadelphia", "PA", "19104"],
  ["BALPDC", "Eastern", "Mid-Atlantic", "Baltimore P&DC", "Baltimore", "MD", "21230"],
  ["WASPDC", "Eastern", "Capital", "Curseen-Morris P&DC", "Washington", "DC", "20018"],
  ["RICPDC", "Eastern", "Capital", "Richmond P&DC", "Richmond", "VA", "23224"],
  ["CLTPDC", "Southern", "Carolinas", "Charlotte P&DC", "Charlotte", "NC", "28208"],
  ["ATLPDC", "Southern", "Atlanta", "Atlanta P&DC", "Hapeville", "GA", "30354"],
  ["JAXPDC", "Southern", "Florida", "Jacksonville P&DC", "Jacksonville", "FL", "32218"],
  ["MIAPDC", "Southern", "Florida", "Miami P&DC", "Miami", "FL", "33166"],
  ["TPAPDC", "Southern", "Florida", "Tampa P&DC", "Tampa", "FL", "33634"],
  ["MSYPDC", "Southern", "Gulf", "New Orleans P&DC", "New Orleans", "LA", "70113"],
  ["MEMPDC", "Southern", "Tennessee", "Memphis P&DC", "Memphis", "TN", "38118"],
  ["BNAPDC", "Southern", "Tennessee", "Nashville P&DC", "Nashville", "TN", "37210"],
  ["SDFPDC", "Central", "Kentuckiana", "Louisville P&DC", "Louisville", "KY", "40209"],
  ["CVGPDC", "Central", "Ohio Valley", "Cincinnati P&DC", "Cincinnati", "OH", "45212"],
  ["CLEPDC", "Central", "Northern Ohio", "Cleveland P&DC", "Cleveland", "OH", "44114"],
  ["DTWPDC", "Central", "Detroit", "Detroit P&DC", "Detroit", "MI", "48216"],
  ["INDPDC", "Central", "Greater Indiana", "Indianapolis P&DC", "Indianapolis", "IN", "46241"],
  ["CHIPDC", "Central", "Chicago", "Cardiss Collins P&DC", "Chicago", "IL", "60607"],
  ["MKEPDC", "Central", "Lakeland", "Milwaukee P&DC", "Milwaukee", "WI", "53203"],
  ["STLPDC", "Central", "Gateway", "St. Louis P&DC", "St. Louis", "MO", "63103"],
  ["MCIPDC", "Central", "Mid-America", "Kansas City P&DC", "Kansas City", "MO", "64108"],
  ["OMAPDC", "Central", "Hawkeye", "Omaha P&DC", "Omaha", "NE", "68108"],
  ["DENPDC", "Western", "Colorado/Wyoming", "Denver P&DC", "Denver", "CO", "80216"],
  ["SLCPDC", "Western", "Salt Lake City", "Salt Lake City P&DC", "Salt Lake City", "UT", "84104"],
  ["PHXPDC", "Western", "Arizona", "Phoenix P&DC", "Phoenix", "AZ", "85034"],
  ["ABQPDC", "Western", "Albuquerque", "Albuquerque P&DC", "Albuquerque", "NM", "87106"],
  ["ELPPDC", "Southern", "Rio Grande", "El Paso P&DC", "El Paso", "TX", "79936"],
  ["SATPDC", "Southern", "Rio Grande", "San Antonio P&DC", "San Antonio", "TX", "78219"],
  ["IAHPDC", "Southern", "Houston", "North Houston P&DC", "Houston", "TX", "77067"],
  ["DALPDC", "Southern", "Dallas", "Dallas P&DC", "Dallas", "TX", "75212"],
  ["OKCPDC", "Southern", "Oklahoma", "Oklahoma City P&DC", "Oklahoma City", "OK", "73107"],
  ["LAXPDC", "Pacific", "Los Angeles", "Los Angeles P&DC", "Los Angeles", "CA", "90045"],
  ["SFOPDC", "Pacific", "San Francisco", "San Francisco P&DC", "San Francisco", "CA", "94124"],
  ["OAKPDC", "Pacific", "Bay-Valley", "Oakland P&DC", "Oakland", "CA", "94621"],
  ["SMFPDC", "Pacific", "Sacramento", "Sacramento P&DC", "Sacramento", "CA", "95834"],
  ["PDXPDC", "Western", "Portland", "Portland P&DC", "Portland", "OR", "97218"],
  ["SEAPDC", "Western", "Seattle", "Seattle P&DC", "Seattle", "WA", "98134"],
  ["GEGPDC", "Western", "Spokane", "Spokane P&DC", "Spokane", "WA", "99224"],
] as const;

/** The demo facility master as a NASS CSV would carry it (the spec's 14 columns). */
export function demoNassTable() {
  return {
    columns: NASS_COLUMNS.map(([title]) => title),
    rows: PLANTS.map(([code, region, division, name, city, state, zip], index) => [
      code,
      region,
      division,
      String(1_400_000 + index * 211),
      name,
      `${100 + index * 17} Postal Plaza`,
      city,
      state,
      zip,
      "P&DC",
      "Processing & Distribution Center",
      "Mail Processing",
      "Y",
      index % 6 === 5 ? "N" : "Y",
    ]),
  };
}

/**
 * Imports the demo plants the way an operator would (one NASS CSV), then gives the routes the
 * demo loads created their stops (from the loads' stops) and the demo driver a few of them.
 */
export async function seedDemoRouting(deps: Deps, admin: User, driver: User | null): Promise<void> {
  const ctx = actingAs(deps, admin);
  await importNassCodes(ctx, { table: demoNassTable(), fileName: "demo-nass-plants.csv" });
  const routes = await deps.db.route.findMany({
    where: { stops: { none: {} }, loads: { some: {} } },
    select: { routeNumber: true },
    orderBy: { routeNumber: "asc" },
    take: 1000,
  });
  for (const [index, { routeNumber }] of routes.entries()) {
    const stops = await suggestedStops(ctx, routeNumber);
    await updateRoute(ctx, routeNumber, {
      stops: stops.map((stop) => ({ sequence: stop.sequence, type: stop.type, nass: stop.nassCodeId })),
      // The demo loads went to other carriers than the demo driver's: a driver over them is the
      // audited override (route.carrier_override in the History), as an operator would save it.
      ...(driver && index % 4 === 0 ? { assignedUserKey: driver.userId, overrideCarrier: true } : {}),
    });
  }
}
