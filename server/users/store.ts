import type { SqlWork } from "../db/bulk.ts";
import { rowsOf, type Store } from "../db/kysely.ts";
import { holdRows, oneOf } from "../db/store-sql.ts";
import type { User } from "../generated/sqlite/client.ts";

/**
 * Users' store: the statements on User that the hot paths run through the reader (a session
 * check, a bid's carrier) and the sign-in lock, on either database.
 */

/** A user by database id, every column. */
export async function userByIdRow(db: Store, id: string): Promise<User | null> {
  const row = await db.selectFrom("User").selectAll().where("id", "=", id).executeTakeFirst();
  return (row as User | undefined) ?? null;
}

/** What the marketplace rule and a bid need of a carrier. */
export interface MarketplaceRow {
  approvalStatus: string;
  disabledAt: Date | null;
  fullName: string | null;
  email: string;
  companyName: string | null;
  areasOfOperation: string | null;
}

export async function marketplaceRow(db: Store, id: string): Promise<MarketplaceRow | null> {
  const row = await db
    .selectFrom("User")
    .select(["approvalStatus", "disabledAt", "fullName", "email", "companyName", "areasOfOperation"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Holds the user's row until the transaction ends (PostgreSQL; SQLite's one writer already
 * serializes): a sign-in's replace-or-refuse of the user's sessions runs one at a time per user.
 */
export function* lockUserWork(db: Store, id: string): SqlWork<void> {
  yield* holdRows(db, db.selectFrom("User").select("id").where("id", "=", id));
}

/** The carrier companies of these users (id, carrierId), inside the caller's write work. */
export function* carrierIdRows(db: Store, ids: string[]) {
  if (ids.length === 0) return [];
  return yield* rowsOf(
    db
      .selectFrom("User")
      .select(["id", "carrierId"])
      .where((eb) => oneOf(db, eb.ref("id"), ids)),
  );
}
