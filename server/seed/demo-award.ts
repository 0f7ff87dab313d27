import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { placeBid } from "../offers/bids/service.ts";
import { startOffer } from "../offers/service.ts";
import { actingAs } from "./acting-as.ts";

const DAY_MS = 24 * 3_600_000;

/**
 * Award rules for SEED_DEMO=1 (after the demo bidding): one offer that auto-awards at its round's
 * close to the best bid at or under a ceiling (two rounds at most), with bids; and one in a
 * waterfall, offered first to Ramirez Trucking (carrier@freightway.test) then to Brooks
 * (driver2@freightway.test), each turn held open for days so the demo shows it.
 */
export async function seedDemoAward(deps: Deps, admin: User): Promise<void> {
  const { db } = deps;
  if ((await db.offerAwardRule.count()) > 0) return;
  const adminCtx = actingAs(deps, admin);
  const loads = await db.load.findMany({
    where: {
      pickupDate: { gt: new Date(Date.now() + 4 * DAY_MS) },
      assignedUserId: null,
      status: "pending",
      offers: { none: {} },
    },
    orderBy: { pickupDate: "asc" },
    take: 2,
  });
  const ramirez = await db.user.findUnique({ where: { email: "carrier@freightway.test" } });
  const brooks = await db.user.findUnique({ where: { email: "driver2@freightway.test" } });
  const drivers = await db.user.findMany({
    where: { email: { endsWith: "@drivers.freightway.test" }, role: "CARRIER" },
    orderBy: { email: "asc" },
    take: 4,
  });
  const [autoLoad, waterfallLoad] = loads;
  if (autoLoad) {
    const offer = await startOffer(adminCtx, {
      loadId: autoLoad.loadId,
      roundMinutes: 4 * 24 * 60,
      targetRate: 2000,
      awardRules: { mode: "auto", ceiling: 2100, maxRounds: 2 },
    });
    for (const [position, user] of [ramirez, ...drivers].entries()) {
      if (!user) continue;
      try {
        await placeBid(actingAs(deps, user), { offerId: offer.id, amount: 2050 + position * 35 });
      } catch {
        // outside the carrier's areas of operation: it cannot see this offer
      }
    }
  }
  const chain = [ramirez, brooks].filter((user): user is User => user !== null);
  if (waterfallLoad && chain.length > 0) {
    const offer = await startOffer(adminCtx, {
      loadId: waterfallLoad.loadId,
      roundMinutes: 4 * 24 * 60,
      targetRate: 1950,
      awardRules: { mode: "waterfall", carrierIds: chain.map((user) => user.id), minutesPerCarrier: 24 * 60 },
    });
    // The demo keeps the first turn open for three days (a real turn lasts minutes).
    await db.offerAwardRule.update({
      where: { offerId: offer.id },
      data: { turnEndsAt: new Date(Date.now() + 3 * DAY_MS) },
    });
  }
}
