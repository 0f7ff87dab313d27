import { hashPassword } from "../auth/passwords.ts";
import type { Deps } from "../deps.ts";
import { logger } from "../ops/logger.ts";
import { generateUserId } from "../users/service.ts";
import { seedDemoAward } from "./demo-award.ts";
import { seedDemoBilling } from "./demo-billing.ts";
import { seedDemoBooking } from "./demo-booking.ts";
import { seedDemoCarriers } from "./demo-carriers.ts";
import { seedDemoCompliance } from "./demo-compliance.ts";
import { seedDemoLifecycle } from "./demo-lifecycle.ts";
import { seedDemoLoads } from "./demo-loads.ts";
import { seedDemoOffers } from "./demo-offers.ts";
import { seedDemoRouting } from "./demo-routing.ts";
import { seedDemoScorecards } from "./demo-scorecards.ts";
import { seedDemoTracking } from "./demo-tracking.ts";

export const DEMO_PASSWORD = "Freightway!2026";

export const DEMO_USERS = [
  { email: "admin@freightway.test", role: "ADMIN", fullName: "Dana Whitfield", companyName: "Freightway" },
  { email: "ops@freightway.test", role: "ADMIN", fullName: "Marcus Ortega", companyName: "Freightway" },
  {
    email: "carrier@freightway.test",
    role: "CARRIER",
    fullName: "Luis Ramirez",
    companyName: "Ramirez Trucking LLC",
    contactPhone: "+12015550123",
    mcDot: "MC-874512 / DOT-3124587",
    cargoTypes: "Dry Van, Refrigerated",
    experienceYears: 12,
    areasOfOperation: "TX, OK, LA, AR",
  },
  {
    email: "driver2@freightway.test",
    role: "CARRIER",
    fullName: "Angela Brooks",
    companyName: "Brooks Freight Co.",
    contactPhone: "+13125550187",
    mcDot: "MC-662301 / DOT-2879310",
    cargoTypes: "Flatbed, Heavy-Haul",
    experienceYears: 7,
    areasOfOperation: "IL, IN, OH, MI",
  },
] as const;

/** Loads the demo data set into an empty database; a database with users is left alone. */
export async function seedDemo(deps: Deps): Promise<void> {
  const { db } = deps;
  if ((await db.user.count()) > 1) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    const created = await db.user.upsert({
      where: { email: user.email },
      update: {},
      create: {
        ...user,
        passwordHash,
        userId: generateUserId(),
        phoneNumber: "contactPhone" in user ? user.contactPhone : null,
      },
    });
    if (user.role === "CARRIER") {
      await db.notification.create({
        data: {
          userId: created.id,
          title: "Welcome to Freightway",
          message: "Your carrier account is ready. New load offers will show up here.",
          type: "system",
        },
      });
    }
  }
  await seedDemoCarriers(deps, passwordHash);
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@freightway.test" } });
  const driver = await db.user.findUnique({ where: { email: "carrier@freightway.test" } });
  await seedDemoCompliance(deps, admin.id);
  await seedDemoLoads(deps, admin, driver);
  await seedDemoOffers(deps, admin);
  await seedDemoBooking(deps, admin);
  await seedDemoAward(deps, admin);
  await seedDemoTracking(deps, admin);
  await seedDemoRouting(deps, admin, driver);
  await seedDemoBilling(deps, admin, driver);
  await seedDemoLifecycle(deps, admin);
  // After every other award: the history behind the tiers and the demo lanes' rates.
  await seedDemoScorecards(deps);
  logger.info(`demo data loaded (password for every demo login: ${DEMO_PASSWORD})`);
}
