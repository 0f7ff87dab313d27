import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { placeBid } from "../offers/bids/service.ts";
import { startOffer } from "../offers/service.ts";
import { confirmWinner } from "../offers/winner.ts";
import { actingAs } from "./acting-as.ts";

const ROUNDS = [45, 30, 90, 20, 60];
const EQUIPMENT = ["Dry Van", "Refrigerated", "Flatbed", "Dry Van", "Intermodal"] as const;

/**
 * Bidding for SEED_DEMO=1: a few open offers with bids from several demo carriers, and one
 * finished offer that Ramirez Trucking (carrier@freightway.test) won.
 */
export async function seedDemoOffers(deps: Deps, admin: User): Promise<void> {
  const { db } = deps;
  if ((await db.offer.count()) > 0) return;
  const adminCtx = actingAs(deps, admin);
  const soon = new Date(Date.now() + 24 * 3_600_000);
  const open = { pickupDate: { gt: soon }, assignedUserId: null, status: "pending" };
  const texas = await db.load.findFirst({
    where: {
      ...open,
      OR: [{ originAddress: { contains: ", TX " } }, { destinationAddress: { contains: ", TX " } }],
    },
    orderBy: { pickupDate: "asc" },
  });
  const loads = await db.load.findMany({
    where: { ...open, id: { not: texas?.id ?? "" } },
    orderBy: { pickupDate: "asc" },
    take: ROUNDS.length,
  });
  const ramirez = await db.user.findUnique({ where: { email: "carrier@freightway.test" } });
  const brooks = await db.user.findUnique({ where: { email: "driver2@freightway.test" } });
  const drivers = await db.user.findMany({
    where: { email: { endsWith: "@drivers.freightway.test" } },
    orderBy: { email: "asc" },
    take: 6,
  });
  const bidders = [ramirez, brooks, ...drivers].filter((user): user is User => user !== null);

  const bid = async (user: User, offerId: string, amount: number) => {
    try {
      return await placeBid(actingAs(deps, user), { offerId, amount });
    } catch {
      return null; // outside the carrier's areas of operation: it cannot see this offer
    }
  };

  for (const [index, load] of loads.entries()) {
    const offer = await startOffer(adminCtx, {
      loadId: load.loadId,
      roundMinutes: ROUNDS[index],
      equipmentType: EQUIPMENT[index],
      targetRate: 1800 + index * 150,
    });
    const base = Math.round((offer.distance ?? 600) * 2.4 + 400);
    for (const [position, user] of bidders.entries()) {
      if ((position + index) % 3 === 2) continue;
      await bid(user, offer.id, base + ((position * 37 + index * 11) % 260) + 0.5 * (position % 2));
    }
  }

  if (texas && ramirez) {
    const offer = await startOffer(adminCtx, { loadId: texas.loadId, roundMinutes: 30, targetRate: 2100 });
    const won = await bid(ramirez, offer.id, 1985);
    for (const [position, user] of drivers.slice(0, 3).entries())
      await bid(user, offer.id, 2040 + position * 45);
    if (won) await confirmWinner(adminCtx, offer.id, { bidId: won.bid.id });
  }
}
