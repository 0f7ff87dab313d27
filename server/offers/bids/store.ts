import type { SqlWork } from "../../db/bulk.ts";
import { execute, rowsOf, type Store } from "../../db/kysely.ts";
import type { Bid } from "../../generated/sqlite/client.ts";
import { createRowId } from "../../lib/ids.ts";
import { insertNotificationsWork, type NotificationRow } from "../../notifications/service.ts";
import { carrierMaySeeOffer } from "../visibility.ts";

/**
 * The bid writes' store: every statement a bid placement or a fold runs, on either database.
 * Both run as the writer's transactions (server/db/writer.ts); placements share them through the
 * group commit of bids/service.ts.
 */

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

const OFFER_COLUMNS = ["o.id", "o.status", "o.originState", "o.destinationState"] as const;

function* resolveOffers(db: Store, references: readonly string[]): SqlWork<Map<string, OfferRow>> {
  const offers = new Map<string, OfferRow>();
  const byId = yield* rowsOf(
    db.selectFrom("Offer as o").select(OFFER_COLUMNS).where("o.id", "in", references),
  );
  for (const row of byId) offers.set(row.id, row);
  for (const reference of references) {
    if (offers.has(reference)) continue;
    const [row] = yield* rowsOf(
      db
        .selectFrom("Offer as o")
        .innerJoin("Load as l", "l.id", "o.loadId")
        .select(OFFER_COLUMNS)
        .where("l.loadId", "=", reference)
        .orderBy("o.createdAt", "desc")
        .orderBy("o.id", "desc")
        .limit(1),
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
function* lockOpenOffers(db: Store, offerIds: readonly string[], now: Date): SqlWork<Map<string, string>> {
  const closed = new Map<string, string>();
  for (const id of [...offerIds].sort()) {
    const locked = yield* execute(
      db
        .updateTable("Offer")
        .set((eb) => ({ status: eb.ref("status") }))
        .where("id", "=", id)
        .where("status", "=", "active")
        .where("roundEndsAt", ">", now),
    );
    if (locked === 0) {
      const [row] = yield* rowsOf(db.selectFrom("Offer").select("status").where("id", "=", id));
      closed.set(id, row?.status ?? "cancelled");
    }
  }
  return closed;
}

/** The offer's best offer: its lowest active bid (null without one). */
function* refreshBest(db: Store, offerId: string, now: Date): SqlWork<void> {
  yield* execute(
    db
      .updateTable("Offer")
      .set((eb) => ({
        bestBidCents: eb
          .selectFrom("Bid")
          .select((inner) => inner.fn.min("amountCents").as("best"))
          .where("offerId", "=", offerId)
          .where("status", "=", "active"),
        updatedAt: now,
      }))
      .where("id", "=", offerId),
  );
}

/** A bid's open counter-offer ends when the carrier bids again (superseded) or folds (closed). */
function* supersedeCounters(
  db: Store,
  bidId: string,
  status: "superseded" | "closed",
  now: Date,
): SqlWork<void> {
  yield* execute(
    db
      .updateTable("BidCounter")
      .set({ status, decidedAt: now })
      .where("bidId", "=", bidId)
      .where("status", "=", "open"),
  );
}

const bidKey = (offerId: string, userId: string) => `${offerId} ${userId}`;

/**
 * A group of bids in one transaction, each placed or improved in order (one bid per carrier per
 * offer; a folded bid comes back in), refused when its offer is unknown or hidden from the carrier
 * (notFound) or closed at `now`. Every offer that got a bid then has its best offer recomputed
 * from its bids in the same transaction, so no bid is lost whatever the interleaving.
 */
export function* placeBidsWork(db: Store, jobs: readonly BidJob[], now = new Date()): SqlWork<BidOutcome[]> {
  const offers = yield* resolveOffers(db, [...new Set(jobs.map((job) => job.offerReference))]);
  const offerIds = [...new Set([...offers.values()].map((offer) => offer.id))];
  const closed = yield* lockOpenOffers(db, offerIds, now);
  const userIds = [...new Set(jobs.map((job) => job.userId))];
  const existing = new Map<string, string>();
  if (offerIds.length > 0) {
    const rows = yield* rowsOf(
      db
        .selectFrom("Bid")
        .select(["id", "offerId", "userId"])
        .where("offerId", "in", offerIds)
        .where("userId", "in", userIds),
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
    let bid: Bid;
    if (bidId) {
      [bid] = yield* rowsOf(
        db
          .updateTable("Bid")
          .set((eb) => ({
            amountCents: job.amountCents,
            status: "active",
            userName: eb.fn.coalesce(eb.val(job.userName), eb.ref("userName")),
            companyName: eb.fn.coalesce(eb.val(job.companyName), eb.ref("companyName")),
            updatedAt: now,
          }))
          .where("id", "=", bidId)
          .returningAll(),
      );
      // Bidding again answers an open counter-offer: it is superseded by the new amount.
      yield* supersedeCounters(db, bidId, "superseded", now);
    } else {
      [bid] = yield* rowsOf(
        db
          .insertInto("Bid")
          .values({
            id: createRowId(now.getTime()),
            offerId: offer.id,
            userId: job.userId,
            amountCents: job.amountCents,
            userName: job.userName,
            companyName: job.companyName,
            status: "active",
            createdAt: now,
            updatedAt: now,
          })
          .returningAll(),
      );
      existing.set(key, bid.id);
    }
    written.add(offer.id);
    outcomes.push({ kind: "placed", bid, created: !bidId });
  }
  for (const offerId of written) yield* refreshBest(db, offerId, now);
  return outcomes;
}

export type FoldOutcome =
  | { kind: "closed" }
  | { kind: "missing" }
  | { kind: "folded"; bid: Bid; notifications: { id: string; userId: string }[] };

/**
 * A carrier withdraws from an active offer: its bid becomes `folded` and no longer counts for the
 * best offer, and the carrier's notification (`notice`) is stored in the same transaction.
 */
export function* foldBidWork(
  db: Store,
  offerId: string,
  userId: string,
  notice: (bid: Bid) => NotificationRow,
  now = new Date(),
): SqlWork<FoldOutcome> {
  const locked = yield* execute(
    db.updateTable("Offer").set({ updatedAt: now }).where("id", "=", offerId).where("status", "=", "active"),
  );
  if (locked === 0) return { kind: "closed" };
  const [existing] = yield* rowsOf(
    db
      .selectFrom("Bid")
      .select("id")
      .where("offerId", "=", offerId)
      .where("userId", "=", userId)
      .where("status", "=", "active"),
  );
  if (!existing) return { kind: "missing" };
  const [bid] = yield* rowsOf(
    db
      .updateTable("Bid")
      .set({ status: "folded", updatedAt: now })
      .where("id", "=", existing.id)
      .returningAll(),
  );
  yield* supersedeCounters(db, bid.id, "closed", now);
  yield* refreshBest(db, offerId, now);
  const notifications = yield* insertNotificationsWork(db, [notice(bid)], now);
  return { kind: "folded", bid, notifications };
}
