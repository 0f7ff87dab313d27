import { sql } from "kysely";
import { AREA_SEPARATORS, US_STATES } from "../../common/offers.ts";
import type { SqlWork } from "../db/bulk.ts";
import { execute, rowsOf, type Store } from "../db/kysely.ts";
import { randomRowId, timestampValue } from "../db/store-sql.ts";
import { createRowId } from "../lib/ids.ts";

/**
 * Notifications' store: the statements on Notification that run inside other domains'
 * transactions (the offer fan-out, a bid's fold), on either database.
 */

export interface NotificationRow {
  userId: string;
  title: string;
  message: string;
  bidStatus?: "winner" | "loser" | "folded" | null;
  details?: Record<string, unknown> | null;
}

export interface StoredNotification {
  id: string;
  userId: string;
}

/** Stores `rows` (one statement) in the caller's transaction. */
export function* insertNotificationsWork(
  db: Store,
  rows: readonly NotificationRow[],
  createdAt = new Date(),
): SqlWork<StoredNotification[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    id: createRowId(),
    userId: row.userId,
    title: row.title,
    message: row.message,
    type: "bid",
    isRead: false,
    bidStatus: row.bidStatus ?? null,
    details: row.details ? JSON.stringify(row.details) : null,
    createdAt,
  }));
  yield* execute(db.insertInto("Notification").values(values));
  return values.map(({ id, userId }) => ({ id, userId }));
}

export interface CarrierAudience {
  /** Carriers with areas of operation receive it only when these name one of the states. */
  states: string[];
}

/** A user's areas of operation upper-cased, separators as spaces, padded: ' TX TEXAS '. */
function paddedAreas() {
  let expression = sql<string>`COALESCE("areasOfOperation", '')`;
  for (const separator of AREA_SEPARATORS)
    expression = sql<string>`replace(${expression}, ${separator}, ' ')`;
  return sql<string>`(' ' || upper(${expression}) || ' ')`;
}

/**
 * The offer fan-out: one notification for every eligible carrier in one INSERT ... SELECT
 * (eligibility as in common/offers.ts `statesNamedIn`: no areas set, or areas naming one of the
 * states by code or name). Answers who was notified, for the live announcement after commit.
 */
export function* notifyEligibleCarriersWork(
  db: Store,
  audience: CarrierAudience,
  content: { title: string; message: string; details?: Record<string, unknown> },
  createdAt = new Date(),
): SqlWork<StoredNotification[]> {
  const names = new Map(US_STATES);
  const patterns = audience.states.flatMap((code) => {
    const name = names.get(code);
    return name ? [`% ${code} %`, `% ${name.toUpperCase()} %`] : [];
  });
  const areas = paddedAreas();
  const eligible = sql.join(
    [
      sql`TRIM(COALESCE("areasOfOperation", '')) = ''`,
      ...patterns.map((pattern) => sql`${areas} LIKE ${pattern}`),
    ],
    sql` OR `,
  );
  const carriers = db
    .selectFrom("User")
    .select([
      randomRowId(db, "n").as("id"),
      "User.id as userId",
      sql<string>`${content.title}`.as("title"),
      sql<string>`${content.message}`.as("message"),
      sql.lit("bid").as("type"),
      sql.lit(false).as("isRead"),
      sql.lit(null).as("bidStatus"),
      sql<string | null>`${content.details ? JSON.stringify(content.details) : null}`.as("details"),
      timestampValue(db, createdAt).as("createdAt"),
    ])
    .where("role", "<>", "ADMIN")
    .where(sql<boolean>`(${eligible})`);
  return yield* rowsOf(
    db
      .insertInto("Notification")
      .columns(["id", "userId", "title", "message", "type", "isRead", "bidStatus", "details", "createdAt"])
      .expression(carriers)
      .returning(["id", "userId"]),
  );
}
