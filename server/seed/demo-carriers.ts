import { formatCarrierId } from "../carriers/carrier-id.ts";
import type { Deps } from "../deps.ts";
import { generateUserId } from "../users/service.ts";

type Kind = "Trucking" | "Rail" | "Air";

/** [name, type, contact name, area code, e-mail domain]; DOT/MC/phone are derived from the position. */
const DEMO_CARRIERS: [string, Kind, string, string, string][] = [
  ["Ramirez Trucking LLC", "Trucking", "Luis Ramirez", "201", "ramireztrucking.test"],
  ["Brooks Freight Co.", "Trucking", "Angela Brooks", "312", "brooksfreight.test"],
  ["Lone Star Haulers", "Trucking", "Travis McCoy", "214", "lonestarhaulers.test"],
  ["Great Lakes Carriers", "Trucking", "Megan Kowalski", "216", "greatlakescarriers.test"],
  ["Blue Ridge Transport", "Trucking", "Caleb Whitaker", "828", "blueridgetransport.test"],
  ["Desert Sun Logistics", "Trucking", "Marisol Vega", "602", "desertsunlogistics.test"],
  ["Pacific Crest Freight", "Trucking", "Kenji Nakamura", "503", "pacificcrest.test"],
  ["Mountain West Express", "Trucking", "Dale Jorgensen", "303", "mtnwestexpress.test"],
  ["Bayou Line Trucking", "Trucking", "Andre Thibodeaux", "504", "bayouline.test"],
  ["Keystone Road Partners", "Trucking", "Erin Sullivan", "717", "keystoneroad.test"],
  ["Prairie Wind Carriers", "Trucking", "Gus Lindqvist", "402", "prairiewind.test"],
  ["Carolina Coastal Freight", "Trucking", "Tamika Greene", "919", "carolinacoastal.test"],
  ["Red River Haulage", "Trucking", "Wes Harlan", "405", "redriverhaulage.test"],
  ["Empire State Movers", "Trucking", "Nicole Russo", "518", "empirestatemovers.test"],
  ["Gulf Stream Transport", "Trucking", "Hector Alvarez", "305", "gulfstreamtransport.test"],
  ["Heartland Reefer Lines", "Trucking", "Brenda Schultz", "515", "heartlandreefer.test"],
  ["Cascade Flatbed Inc.", "Trucking", "Owen Fitzgerald", "206", "cascadeflatbed.test"],
  ["Magnolia Heavy Haul", "Trucking", "Jasmine Porter", "601", "magnoliaheavyhaul.test"],
  ["Ozark Valley Freight", "Trucking", "Rusty Pruitt", "479", "ozarkvalley.test"],
  ["Golden Gate Cartage", "Trucking", "Priya Raman", "415", "goldengatecartage.test"],
  ["Twin Cities Transit Co.", "Trucking", "Lars Halvorsen", "612", "twincitiestransit.test"],
  ["Sawtooth Logistics", "Trucking", "Cody Bingham", "208", "sawtoothlogistics.test"],
  ["Chesapeake Dray Co.", "Trucking", "Monique Harris", "410", "chesapeakedray.test"],
  ["Rio Grande Express", "Trucking", "Javier Morales", "915", "riograndeexpress.test"],
  ["Appalachian Freightways", "Trucking", "Hank Dillard", "304", "appalachianfw.test"],
  ["Sierra Nevada Haulers", "Trucking", "Rachel Kim", "775", "sierranevadahaulers.test"],
  ["Northern Plains Rail", "Rail", "Curtis Olson", "701", "northernplainsrail.test"],
  ["Mississippi Delta Railroad", "Rail", "Loretta Banks", "662", "deltarailroad.test"],
  ["Atlantic Seaboard Rail", "Rail", "Gerald Whitman", "757", "seaboardrail.test"],
  ["Intermountain Rail Freight", "Rail", "Sofia Castillo", "801", "intermountainrail.test"],
  ["Skyline Air Cargo", "Air", "Derek Osei", "404", "skylineaircargo.test"],
  ["Jetstream Freight Services", "Air", "Alicia Moreno", "702", "jetstreamfreight.test"],
  ["Polar Route Air Logistics", "Air", "Ivan Petrov", "907", "polarrouteair.test"],
  ["Sunbelt Air Express", "Air", "Tiffany Nguyen", "480", "sunbeltair.test"],
];

/** Extra drivers for the first carriers, so driver lists and the manual-assignment screen have choices. */
const DEMO_DRIVERS: [string, number][] = [
  ["Miguel Santos", 0],
  ["Rosa Delgado", 0],
  ["Terrence Cole", 1],
  ["Hannah Weiss", 1],
  ["Bobby Ray Tucker", 2],
  ["Linda Okafor", 2],
  ["Patrick Doyle", 3],
  ["Gina Marchetti", 3],
  ["Samuel Yazzie", 4],
  ["Carmen Ibarra", 5],
  ["Ethan Park", 6],
  ["Wade Hollister", 7],
  ["Nadia Haddad", 8],
  ["Corey Jackson", 9],
  ["Fiona Gallagher", 10],
  ["Tony Benedetti", 11],
  ["Keisha Lawson", 12],
  ["Ahmed Rahimi", 13],
];

/** The demo users that drive for the first two carriers (see DEMO_USERS). */
const DEMO_CARRIER_USERS: [string, number][] = [
  ["carrier@freightway.test", 0],
  ["driver2@freightway.test", 1],
];

function demoPhone(areaCode: string, index: number): string {
  return `+1${areaCode}555${String(100 + (index % 100)).padStart(4, "0")}`;
}

function emailOf(fullName: string): string {
  return `${fullName.toLowerCase().replace(/[^a-z]+/g, ".")}@drivers.freightway.test`;
}

/** Carriers with drivers for SEED_DEMO=1; runs after the demo users exist. */
export async function seedDemoCarriers(deps: Deps, passwordHash: string): Promise<void> {
  const { db } = deps;
  if ((await db.carrier.count()) > 0) return;
  const carrierIds: string[] = [];
  for (const [index, [carrierName, type, contactName, areaCode, domain]] of DEMO_CARRIERS.entries()) {
    const carrier = await db.carrier.create({
      data: {
        carrierId: formatCarrierId(index + 1),
        carrierName,
        type,
        dotNumber: String(2_104_337 + index * 37_919),
        mcNumber: String(612_045 + index * 8_237),
        contactName,
        contactPhone: demoPhone(areaCode, index),
        contactEmail: `dispatch@${domain}`,
        // Spread creation over the last months so "newest first" sorting shows something.
        createdAt: new Date(Date.now() - (DEMO_CARRIERS.length - index) * 3 * 86_400_000),
      },
    });
    carrierIds.push(carrier.id);
  }
  for (const [email, carrierIndex] of DEMO_CARRIER_USERS) {
    await db.user.updateMany({ where: { email }, data: { carrierId: carrierIds[carrierIndex] } });
  }
  for (const [index, [fullName, carrierIndex]] of DEMO_DRIVERS.entries()) {
    const areaCode = DEMO_CARRIERS[carrierIndex][3];
    const phone = demoPhone(areaCode, 50 + index);
    await db.user.create({
      data: {
        email: emailOf(fullName),
        passwordHash,
        userId: generateUserId(),
        role: "CARRIER",
        fullName,
        companyName: DEMO_CARRIERS[carrierIndex][0],
        phoneNumber: phone,
        contactPhone: phone,
        experienceYears: 2 + ((index * 7) % 20),
        carrierId: carrierIds[carrierIndex],
      },
    });
  }
}
