import { all, inList, run, type SqlWork } from "../../db/bulk.ts";
import { toDate } from "../../db/reader.ts";
import type { Bid } from "../../generated/sqlite/client.ts";
import { createRowId } from "../../lib/ids.ts";
import { carrierMaySeeOffer } from "../visibility.ts";

export type BidWriteOutcome =
  | { kind: "closed" }
  | { kind: "missing" }
  | { kind: "written"; bidId: string; created: boolean; bestBidCents: number | null };

/** One carrier's bid, as submitted to the bid group commit (service.ts). */
export interface BidJob {
  /** The offer's id, or its load's loadId (the newest offer of that load). */
  offerReference: string;
  userId: string;
  /** The states the carrier's areas of operation name; null when it named none (every offer). */
  states: readonly string[] | null;
  amountCents: number;
  userName: string | null;
  companyName: string | null;
}

export type BidOutcome =
  | { kind: "notFound" }
  /** The round or the offer closed; `offerStatus` tells which. */
  | { kind: "closed"; offerStatus: string }
  | { kind: "placed"; bid: Bid; created: boolean };

interface OfferRow {
  id: string;
  status: string;
  originState: string | null;
  destinationState: string | null;
}

const OFFER_COLUMNS = `o."id", o."status", o."originState", o."destinationState"`;

function* resolveOffers(references: readonly string[]): SqlWork<Map<string, OfferRow>> {
  const offers = new Map<string, OfferRow>();
  const byId = yield* all<OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM "Offer" o WHERE o."id" IN (${inList(references.length)})`,
    [...references],
  );
  for (const row of byId) offers.set(row.id, row);
  for (const reference of references) {
    if (offers.has(reference)) continue;
    const [row] = yield* all<OfferRow>(
      `SELECT ${OFFER_COLUMNS} FROM "Offer" o JOIN "Load" l ON l."id" = o."loadId" WHERE l."loadId" = ? ORDER BY o."createdAt" DESC, o."id" DESC LIMIT 1`,
      [reference],
    );
    if (row) offers.set(reference, row);
  }
  return offers;
}

/**
 * Takes each offer's row (sorted by id, so concurrent groups lock in one order) with a conditional
 * update that changes nothing and only matches an active offer whose round is open at `now`: on
 * PostgreSQL the row lock orders concurrent bids on one offer (on SQLite the whole group already
 * holds the write lock). Answers the offers still open; for the others, their status.
 */
function* lockOpenOffers(offerIds: readonly string[], now: Date): SqlWork<Map<string, string>> {
  const closed = new Map<string, string>();
  for (const id of [...offerIds].sort()) {
    const locked = yield* run(
      `UPDATE "Offer" SET "status" = "status" WHERE "id" = ? AND "status" = 'active' AND "roundEndsAt" > ?`,
      [id, now],
    );
    if (locked === 0) {
      const [row] = yield* all<{ status: string }>(`SELECT "status" FROM "Offer" WHERE "id" = ?`, [id]);
      closed.set(id, row?.status ?? "cancelled");
    }
  }
  return closed;
}

interface BidRow {
  id: string;
  offerId: string;
  userId: string;
  amountCents: number | bigint;
  userName: string | null;
  companyName: string | null;
  status: string;
  createdAt: unknown;
  updatedAt: unknown;
}

function toBid(row: BidRow): Bid {
  return {
    ...row,
    amountCents: Number(row.amountCents),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

const bidKey = (offerId: string, userId: string) => `${offerId} ${userId}`;

/**
 * A group of bids in one transaction, each placed or improved in order (one bid per carrier per
 * offer; a folded bid comes back in), refused when its offer is unknown or hidden from the carrier
 * (notFound) or closed at `now`. Every offer that got a bid then has its best offer recomputed
 * from its bids in the same transaction, so no bid is lost whatever the interleaving.
 */
export function* placeBidsWork(jobs: readonly BidJob[], now = new Date()): SqlWork<BidOutcome[]> {
  const offers = yield* resolveOffers([...new Set(jobs.map((job) => job.offerReference))]);
  const offerIds = [...new Set([...offers.values()].map((offer) => offer.id))];
  const closed = yield* lockOpenOffers(offerIds, now);
  const userIds = [...new Set(jobs.map((job) => job.userId))];
  const existing = new Map<string, string>();
  if (offerIds.length > 0) {
    const rows = yield* all<{ id: string; offerId: string; userId: string }>(
      `SELECT "id", "offerId", "userId" FROM "Bid" WHERE "offerId" IN (${inList(offerIds.length)}) AND "userId" IN (${inList(userIds.length)})`,
      [...offerIds, ...userIds],
    );
    for (const row of rows) existing.set(bidKey(row.offerId, row.userId), row.id);
  }
  const outcomes: BidOutcome[] = [];
  const written = new Set<string>();
  for (const job of jobs) {
    const offer = offers.get(job.offerReference);
    const key = offer ? bidKey(offer.id, job.userId) : "";
    if (!offer || !carrierMaySeeOffer(job.states, offer, existing.has(key))) {
      outcomes.push({ kind: "notFound" });
      continue;
    }
    const offerStatus = closed.get(offer.id);
    if (offerStatus !== undefined) {
      outcomes.push({ kind: "closed", offerStatus });
      continue;
    }
    const bidId = existing.get(key);
    let row: BidRow | undefined;
    if (bidId) {
      [row] = yield* all<BidRow>(
        `UPDATE "Bid" SET "amountCents" = ?, "status" = 'active', "userName" = COALESCE(?, "userName"), "companyName" = COALESCE(?, "companyName"), "updatedAt" = ? WHERE "id" = ? RETURNING *`,
        [job.amountCents, job.userName, job.companyName, now, bidId],
      );
    } else {
      [row] = yield* all<BidRow>(
        `INSERT INTO "Bid" ("id", "offerId", "userId", "amountCents", "userName", "companyName", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?) RETURNING *`,
        [
          createRowId(now.getTime()),
          offer.id,
          job.userId,
          job.amountCents,
          job.userName,
          job.companyName,
          now,
          now,
        ],
      );
      existing.set(key, row.id);
    }
    written.add(offer.id);
    outcomes.push({ kind: "placed", bid: toBid(row), created: !bidId });
  }
  for (const offerId of written) {
    yield* run(
      `UPDATE "Offer" SET "bestBidCents" = (SELECT MIN("amountCents") FROM "Bid" WHERE "offerId" = ? AND "status" = 'active'), "updatedAt" = ? WHERE "id" = ?`,
      [offerId, now, offerId],
    );
  }
  return outcomes;
}

function* refreshBest(offerId: string): SqlWork<number | null> {
  yield* run(
    `UPDATE "Offer" SET "bestBidCents" = (SELECT MIN("amountCents") FROM "Bid" WHERE "offerId" = ? AND "status" = 'active') WHERE "id" = ?`,
    [offerId, offerId],
  );
  const [row] = yield* all<{ best: number | bigint | null }>(
    `SELECT "bestBidCents" AS "best" FROM "Offer" WHERE "id" = ?`,
    [offerId],
  );
  return row?.best === null || row?.best === undefined ? null : Number(row.best);
}

/** A carrier withdraws from an active offer: its bid no longer counts for the best offer. */
export function* foldBidWork(offerId: string, userId: string, now = new Date()): SqlWork<BidWriteOutcome> {
  const locked = yield* run(`UPDATE "Offer" SET "updatedAt" = ? WHERE "id" = ? AND "status" = 'active'`, [
    now,
    offerId,
  ]);
  if (locked === 0) return { kind: "closed" };
  const [existing] = yield* all<{ id: string }>(
    `SELECT "id" FROM "Bid" WHERE "offerId" = ? AND "userId" = ? AND "status" = 'active'`,
    [offerId, userId],
  );
  if (!existing) return { kind: "missing" };
  yield* run(`UPDATE "Bid" SET "status" = 'folded', "updatedAt" = ? WHERE "id" = ?`, [now, existing.id]);
  const bestBidCents = yield* refreshBest(offerId);
  return { kind: "written", bidId: existing.id, created: false, bestBidCents };
}
