import type { Deps } from "../deps.ts";

const DAY = 86_400_000;

/**
 * A carrier's demo history: how many delivered loads, which of them arrived late at pickup, and
 * tenders it declined (on other carriers' loads, before the award passed on).
 */
interface Profile {
  carrierName: string;
  loads: number;
  latePickups: number[];
  declined: number;
}

/**
 * Carriers in every tier (common/scorecards.ts): Ramirez Gold (all on time, every tender
 * accepted), Brooks Silver (1 late pickup in 10), Lone Star Bronze (2 late of 6 and a declined
 * tender), Great Lakes New (2 loads, below the minimum); everyone else New without history.
 */
const PROFILES: Profile[] = [
  { carrierName: "Ramirez Trucking LLC", loads: 8, latePickups: [], declined: 0 },
  { carrierName: "Brooks Freight Co.", loads: 10, latePickups: [4], declined: 0 },
  { carrierName: "Lone Star Haulers", loads: 6, latePickups: [1, 3], declined: 1 },
  { carrierName: "Great Lakes Carriers", loads: 2, latePickups: [], declined: 0 },
];

/** Delivered history loads the demo adds (loads-demo and offers-demo count them). */
export const DEMO_HISTORY_LOADS = PROFILES.reduce((sum, profile) => sum + profile.loads, 0);

/** Around each lane's rate, so the open offers' bids mostly sit inside the range. */
const SPREAD = [0.88, 0.94, 0.98, 1, 1.03, 1.07, 1.12];

/**
 * Scorecards and lane rates for SEED_DEMO=1: delivered loads of the last 80 days on the lanes of
 * the open offers (awarded offers with a winning bid, an accepted tender, stops with appointments
 * and arrivals), so the demo lanes have $/mile and the carriers have tiers. One open offer gets a
 * bid at twice its lane's rate, which the bidders page flags.
 */
export async function seedDemoScorecards(deps: Deps): Promise<void> {
  const { db } = deps;
  if ((await db.load.count({ where: { loadId: { startsWith: "HIST-" } } })) > 0) return;
  const lanes = await db.offer.findMany({
    where: {
      status: "active",
      originState: { not: null },
      destinationState: { not: null },
      distance: { gt: 0 },
    },
    orderBy: { createdAt: "asc" },
    // Four lanes: every one gets the 5 awarded loads the flag rule asks for.
    take: 4,
    include: { bids: { where: { status: "active" }, orderBy: { amountCents: "asc" } } },
  });
  if (lanes.length === 0) return;
  // Each lane's rate: the middle of its open bids' $/mile (else $2.60).
  const laneRate = lanes.map((lane) => {
    const middle = lane.bids[Math.floor(lane.bids.length / 2)];
    return middle ? middle.amountCents / 100 / (lane.distance ?? 1) : 2.6;
  });
  let serial = 0;
  const declinedBy: { userId: string; carrierId: string }[] = [];
  const hauled: { offerId: string }[] = [];
  for (const profile of PROFILES) {
    const carrier = await db.carrier.findFirst({
      where: { carrierName: profile.carrierName },
      include: { drivers: { orderBy: { createdAt: "asc" }, take: 1 } },
    });
    const driver = carrier?.drivers[0];
    if (!carrier || !driver) continue;
    for (let index = 0; index < profile.loads; index++) {
      serial++;
      const laneIndex = serial % lanes.length;
      const lane = lanes[laneIndex];
      const miles = lane.distance ?? 500;
      const perMile = laneRate[laneIndex] * SPREAD[serial % SPREAD.length];
      const rateCents = Math.round(perMile * miles * 100);
      const pickupAt = new Date(Date.now() - (8 + ((serial * 7) % 72)) * DAY);
      const deliveryAt = new Date(pickupAt.getTime() + DAY);
      const late = profile.latePickups.includes(index);
      const load = await db.load.create({
        data: {
          loadId: `HIST-${String(serial).padStart(4, "0")}`,
          customer: "USPS",
          status: "delivered",
          stage: "delivered",
          carrierId: carrier.id,
          carrierName: carrier.carrierName,
          assignedUserId: driver.id,
          carrierRateCents: rateCents,
          pickupDate: pickupAt,
          deliveryDate: deliveryAt,
          stopCount: 2,
          stops: {
            create: [
              {
                sequence: 1,
                type: "pickup",
                appointmentFrom: pickupAt,
                appointmentTo: new Date(pickupAt.getTime() + 2 * 3_600_000),
                arrivedAt: new Date(pickupAt.getTime() + (late ? 4 : 1) * 3_600_000),
                arrivedSource: "user",
              },
              {
                sequence: 2,
                type: "delivery",
                appointmentFrom: deliveryAt,
                arrivedAt: new Date(deliveryAt.getTime() - 20 * 60_000),
                arrivedSource: "user",
              },
            ],
          },
        },
      });
      const awardedAt = new Date(pickupAt.getTime() - DAY);
      const offer = await db.offer.create({
        data: {
          loadId: load.id,
          startDateTime: pickupAt,
          endDateTime: deliveryAt,
          stops: 2,
          originCity: lane.originCity,
          originState: lane.originState,
          destinationCity: lane.destinationCity,
          destinationState: lane.destinationState,
          originZip3: lane.originZip3,
          destinationZip3: lane.destinationZip3,
          distance: miles,
          equipmentType: lane.equipmentType,
          roundEndsAt: awardedAt,
          status: "finished",
          closedRound: 1,
          finishedAt: awardedAt,
          createdAt: new Date(awardedAt.getTime() - 3_600_000),
          bestBidCents: rateCents,
        },
      });
      const bid = await db.bid.create({
        data: { offerId: offer.id, userId: driver.id, amountCents: rateCents, status: "winner" },
      });
      await db.offer.update({ where: { id: offer.id }, data: { winnerBidId: bid.id } });
      await db.tender.create({
        data: {
          offerId: offer.id,
          bidId: bid.id,
          userId: driver.id,
          carrierId: carrier.id,
          amountCents: rateCents,
          status: "accepted",
          expiresAt: new Date(awardedAt.getTime() + 3_600_000),
          decidedAt: new Date(awardedAt.getTime() + 600_000),
          decidedById: driver.id,
          signerName: driver.fullName ?? driver.email,
          signedAt: new Date(awardedAt.getTime() + 600_000),
          createdAt: awardedAt,
        },
      });
      await db.loadMilestone.createMany({
        data: [
          { loadId: load.id, milestone: "covered", at: awardedAt, source: "system" },
          {
            loadId: load.id,
            milestone: "tender_accepted",
            at: new Date(awardedAt.getTime() + 600_000),
            source: "user",
          },
          { loadId: load.id, milestone: "delivered", at: deliveryAt, source: "user" },
        ],
      });
      hauled.push({ offerId: offer.id });
    }
    for (let index = 0; index < profile.declined; index++)
      declinedBy.push({ userId: driver.id, carrierId: carrier.id });
  }
  // A declined tender: the carrier won first, declined, and the award passed on.
  for (const [index, who] of declinedBy.entries()) {
    const offerId = hauled[index]?.offerId;
    if (!offerId) continue;
    const bid = await db.bid.create({
      data: { offerId, userId: who.userId, amountCents: 150_000, status: "loser" },
    });
    const at = new Date(Date.now() - 30 * DAY);
    await db.tender.create({
      data: {
        offerId,
        bidId: bid.id,
        userId: who.userId,
        carrierId: who.carrierId,
        amountCents: 150_000,
        status: "declined",
        expiresAt: at,
        decidedAt: at,
        decidedById: who.userId,
        declineReason: "Truck not available",
        createdAt: at,
      },
    });
  }
  // One bid far above its lane's range: the bidders page flags it.
  const flagged = lanes[0].bids.at(-1);
  if (flagged && lanes[0].bestBidCents !== flagged.amountCents) {
    await db.bid.update({ where: { id: flagged.id }, data: { amountCents: flagged.amountCents * 2 } });
  }
}
