import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { placeBid } from "../offers/bids/service.ts";
import { startOffer } from "../offers/service.ts";
import { acceptTender } from "../offers/tender.ts";
import { confirmWinner } from "../offers/winner.ts";
import { actingAs } from "./acting-as.ts";

const DAY_MINUTES = 24 * 60;
/** Rounds of 3 to 7 days: a demo explored the day after seeding still has open bidding. */
const ROUNDS = [3, 4, 5, 6, 7].map((days) => days * DAY_MINUTES);
const EQUIPMENT = ["Dry Van", "Refrigerated", "Flatbed", "Dry Van", "Intermodal"] as const;

/**
 * Bidding for SEED_DEMO=1: a few open offers with bids from several demo carriers, one finished
 * offer that Ramirez Trucking (carrier@freightway.test) won and whose tender it accepted, and one
 * won by Brooks (driver2@freightway.test) whose tender is still pending.
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
  const candidates = await db.load.findMany({
    where: { ...open, id: { not: texas?.id ?? "" } },
    orderBy: { pickupDate: "asc" },
  });
  const ramirez = await db.user.findUnique({ where: { email: "carrier@freightway.test" } });
  const brooks = await db.user.findUnique({ where: { email: "driver2@freightway.test" } });
  const drivers = await db.user.findMany({
    where: { email: { endsWith: "@drivers.freightway.test" } },
    orderBy: { email: "asc" },
    take: 6,
  });
  const bidders = [ramirez, brooks, ...drivers].filter((user): user is User => user !== null);
  const loads = offeredLoads(candidates, bidders);

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
      roundMinutes: ROUNDS[index % ROUNDS.length],
      equipmentType: EQUIPMENT[index % EQUIPMENT.length],
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
    if (won) {
      await confirmWinner(adminCtx, offer.id, { bidId: won.bid.id });
      // Ramirez signed the rate confirmation: the load is ready to dispatch.
      await acceptTender(actingAs(deps, ramirez), texas.loadId, { signature: "Rosa Ramirez" });
    }
  }

  // Another award whose tender Brooks has yet to accept (a few days to do so, for the demo).
  const brooksStates = areasOf(brooks);
  const pendingLoad = candidates.find(
    (load) =>
      load.id !== texas?.id &&
      !loads.includes(load) &&
      (brooksStates.length === 0 || servesArea(load, brooksStates)),
  );
  if (pendingLoad && brooks) {
    const offer = await startOffer(adminCtx, { loadId: pendingLoad.loadId, roundMinutes: ROUNDS[0] });
    const won = await bid(brooks, offer.id, 1875);
    for (const [position, user] of drivers.slice(3, 5).entries())
      await bid(user, offer.id, 1930 + position * 40);
    if (won) {
      await confirmWinner(adminCtx, offer.id, { bidId: won.bid.id });
      await db.tender.updateMany({
        where: { offerId: offer.id, status: "pending" },
        data: { expiresAt: new Date(Date.now() + 3 * DAY_MINUTES * 60_000) },
      });
    }
  }
}

type DemoLoad = { id: string; originAddress: string | null; destinationAddress: string | null };

const servesArea = (load: DemoLoad, states: string[]) =>
  states.some(
    (state) =>
      load.originAddress?.includes(`, ${state} `) || load.destinationAddress?.includes(`, ${state} `),
  );

/** The state codes of a carrier's areas of operation (none: it serves every state). */
const areasOf = (user: User | null) =>
  (user?.areasOfOperation ?? "")
    .split(",")
    .map((state) => state.trim().toUpperCase())
    .filter(Boolean);

/**
 * The earliest loads, plus, for each demo carrier whose areas of operation none of them touches,
 * the earliest load that does: every demo login has offers it can see.
 */
function offeredLoads<Load extends DemoLoad>(candidates: Load[], bidders: User[]): Load[] {
  const chosen = candidates.slice(0, ROUNDS.length);
  for (const bidder of bidders) {
    const states = areasOf(bidder);
    if (states.length === 0 || chosen.some((load) => servesArea(load, states))) continue;
    const match = candidates.find((load) => !chosen.includes(load) && servesArea(load, states));
    if (match) chosen.push(match);
  }
  return chosen;
}
