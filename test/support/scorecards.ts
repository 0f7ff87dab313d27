import type { App } from "../../server/app.ts";

let sequence = 0;

/** One load of a carrier's history: arrivals relative to the appointment (minutes late; null: no arrival). */
export interface HistoryLoad {
  delivered?: boolean;
  pickupLateMinutes?: number | null;
  deliveryLateMinutes?: number | null;
  /** Window length of the stops' appointments in minutes (0: a fixed appointment). */
  windowMinutes?: number;
  /** Hours from the delivered milestone to the POD received one (unset: no milestones written). */
  podAfterHours?: number;
}

export interface History {
  loads?: HistoryLoad[];
  tenders?: { accepted?: number; declined?: number; expired?: number; pending?: number };
  bids?: { won?: number; lost?: number; active?: number };
}

const DAY = 86_400_000;

/** An offer (and its load) to hang bids and tenders on; awarded at `finishedAt` when given. */
export async function historyOffer(
  app: App,
  fields: {
    originState?: string;
    destinationState?: string;
    originZip3?: string | null;
    destinationZip3?: string | null;
    distance?: number | null;
    carrierRateCents?: number | null;
    finishedAt?: Date | null;
    carrierId?: string | null;
    assignedUserId?: string | null;
    stage?: string;
    /** Awarded to this user: a winning bid at the carrier rate, named the offer's winner. */
    winnerUserId?: string;
  } = {},
) {
  sequence++;
  const load = await app.deps.db.load.create({
    data: {
      loadId: `H-${sequence}-${Date.now().toString(36)}`,
      customer: "USPS",
      pickupDate: new Date(Date.now() - 3 * DAY),
      carrierRateCents: fields.carrierRateCents ?? null,
      carrierId: fields.carrierId ?? null,
      assignedUserId: fields.assignedUserId ?? null,
      stage: fields.stage ?? "open",
      status: fields.stage === "delivered" ? "delivered" : "pending",
    },
  });
  const offer = await app.deps.db.offer.create({
    data: {
      loadId: load.id,
      startDateTime: new Date(Date.now() - 3 * DAY),
      roundEndsAt: new Date(Date.now() - 3 * DAY),
      originState: fields.originState ?? "IL",
      destinationState: fields.destinationState ?? "TX",
      originZip3: fields.originZip3 ?? null,
      destinationZip3: fields.destinationZip3 ?? null,
      distance: fields.distance === undefined ? 900 : fields.distance,
      status: fields.finishedAt ? "finished" : "active",
      finishedAt: fields.finishedAt ?? null,
      equipmentType: "Dry Van",
    },
  });
  if (fields.winnerUserId) {
    const winner = await app.deps.db.bid.create({
      data: {
        offerId: offer.id,
        userId: fields.winnerUserId,
        amountCents: fields.carrierRateCents ?? 100_000,
        status: "winner",
      },
    });
    await app.deps.db.offer.update({ where: { id: offer.id }, data: { winnerBidId: winner.id } });
  }
  return { load, offer };
}

/**
 * Writes a carrier's history straight into the tables the scorecard reads: loads with stops
 * (appointments and arrivals), tenders and decided bids, all by `userId` and its company `carrierId`.
 */
export async function writeHistory(
  app: App,
  who: { userId: string; carrierId: string | null },
  history: History,
) {
  const db = app.deps.db;
  for (const item of history.loads ?? []) {
    const { load } = await historyOffer(app, {
      carrierId: who.carrierId,
      assignedUserId: who.userId,
      stage: item.delivered === false ? "dispatched" : "delivered",
    });
    const stops = [
      { type: "pickup", late: item.pickupLateMinutes, sequence: 1, at: Date.now() - 2 * DAY },
      { type: "delivery", late: item.deliveryLateMinutes, sequence: 2, at: Date.now() - DAY },
    ];
    for (const stop of stops) {
      const window = (item.windowMinutes ?? 0) * 60_000;
      const from = new Date(stop.at);
      const to = window > 0 ? new Date(stop.at + window) : null;
      const end = (to ?? from).getTime();
      await db.loadStop.create({
        data: {
          loadId: load.id,
          sequence: stop.sequence,
          type: stop.type,
          appointmentFrom: from,
          appointmentTo: to,
          arrivedAt:
            stop.late === undefined || stop.late === null ? null : new Date(end + stop.late * 60_000),
        },
      });
    }
    if (item.podAfterHours !== undefined) {
      const deliveredAt = Date.now() - DAY;
      await db.loadMilestone.createMany({
        data: [
          { loadId: load.id, milestone: "delivered", at: new Date(deliveredAt), source: "user" },
          {
            loadId: load.id,
            milestone: "pod_received",
            at: new Date(deliveredAt + item.podAfterHours * 3_600_000),
            source: "user",
          },
        ],
      });
    }
  }
  const tenders = history.tenders ?? {};
  for (const status of ["accepted", "declined", "expired", "pending"] as const) {
    for (let index = 0; index < (tenders[status] ?? 0); index++) {
      const { offer } = await historyOffer(app);
      const bid = await db.bid.create({
        data: { offerId: offer.id, userId: who.userId, amountCents: 100_000, status: "winner" },
      });
      await db.tender.create({
        data: {
          offerId: offer.id,
          bidId: bid.id,
          userId: who.userId,
          carrierId: who.carrierId,
          amountCents: 100_000,
          status,
          expiresAt: new Date(Date.now() + DAY),
        },
      });
    }
  }
  const bids = history.bids ?? {};
  for (const [status, count] of [
    ["winner", bids.won ?? 0],
    ["loser", bids.lost ?? 0],
    ["active", bids.active ?? 0],
  ] as const) {
    for (let index = 0; index < count; index++) {
      const { offer } = await historyOffer(app);
      await db.bid.create({ data: { offerId: offer.id, userId: who.userId, amountCents: 90_000, status } });
    }
  }
}
