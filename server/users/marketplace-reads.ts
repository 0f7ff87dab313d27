import type { Db } from "../db/client.ts";
import { rowsOf, type Store } from "../db/kysely.ts";
import { oneOf } from "../db/store-sql.ts";
import type { User } from "../generated/sqlite/client.ts";

/** The users table as the marketplace reads it, inside the caller's transaction when there is one. */
type UserReader = Pick<Db, "user">;

/** A user by database id; throws when missing (the caller holds a reference that must exist). */
export function userByIdOrThrow(db: UserReader, id: string): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id } });
}

/** The carrier company a user belongs to; null for none (or no such user). */
export async function carrierIdOfUser(db: UserReader, id: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id }, select: { carrierId: true } });
  return user?.carrierId ?? null;
}

/** The carrier companies of these users, inside the caller's write work. */
export function* carrierIdsOfUsers(db: Store, ids: string[]) {
  if (ids.length === 0) return [];
  return yield* rowsOf(
    db
      .selectFrom("User")
      .select(["id", "carrierId"])
      .where((eb) => oneOf(db, eb.ref("id"), ids)),
  );
}

/** The e-mail addresses of those among `ids` who opted in to offer e-mails on My Account. */
export async function offerEmailRecipients(db: UserReader, ids: string[]): Promise<string[]> {
  const users = await db.user.findMany({
    where: { id: { in: ids }, offerEmails: true },
    select: { email: true },
  });
  return users.map((user) => user.email);
}

/** The operators told about marketplace events (tender answers): active admins, at most 200. */
export async function activeOperatorIds(db: UserReader): Promise<string[]> {
  const users = await db.user.findMany({
    where: { role: "ADMIN", disabledAt: null },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  return users.map((user) => user.id);
}
