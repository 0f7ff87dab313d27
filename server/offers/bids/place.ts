import { all, run, type SqlWork } from "../../db/bulk.ts";
import { createRowId } from "../../lib/ids.ts";

export type BidWriteOutcome =
  | { kind: "closed" }
  | { kind: "missing" }
  | { kind: "written"; bidId: string; created: boolean; bestBidCents: number | null };

/**
 * Takes the offer's row first (a conditional update that only matches an active offer whose round
 * is still open at `now`): on PostgreSQL this row lock orders concurrent bids on one offer, on
 * SQLite the whole work runs under the write lock. The best offer is then recomputed from the
 * committed bids in the same transaction, so no bid is lost whatever the interleaving.
 */
function* lockOpenOffer(
  offerId: string,
  now: Date,
): Generator<import("../../db/bulk.ts").SqlOp, number, unknown> {
  return yield* run(
    `UPDATE "Offer" SET "updatedAt" = ? WHERE "id" = ? AND "status" = 'active' AND "roundEndsAt" > ?`,
    [now, offerId, now],
  );
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

export interface BidWrite {
  offerId: string;
  userId: string;
  amountCents: number;
  userName: string | null;
  companyName: string | null;
}

/** Places or improves a carrier's one bid on an offer (a folded bid comes back in). */
export function* placeBidWork(write: BidWrite, now = new Date()): SqlWork<BidWriteOutcome> {
  if ((yield* lockOpenOffer(write.offerId, now)) === 0) return { kind: "closed" };
  const [existing] = yield* all<{ id: string }>(
    `SELECT "id" FROM "Bid" WHERE "offerId" = ? AND "userId" = ?`,
    [write.offerId, write.userId],
  );
  let bidId: string;
  if (existing) {
    bidId = existing.id;
    yield* run(
      `UPDATE "Bid" SET "amountCents" = ?, "status" = 'active', "userName" = COALESCE(?, "userName"), "companyName" = COALESCE(?, "companyName"), "updatedAt" = ? WHERE "id" = ?`,
      [write.amountCents, write.userName, write.companyName, now, bidId],
    );
  } else {
    bidId = createRowId(now.getTime());
    yield* run(
      `INSERT INTO "Bid" ("id", "offerId", "userId", "amountCents", "userName", "companyName", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?)`,
      [bidId, write.offerId, write.userId, write.amountCents, write.userName, write.companyName, now, now],
    );
  }
  const bestBidCents = yield* refreshBest(write.offerId);
  return { kind: "written", bidId, created: !existing, bestBidCents };
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
