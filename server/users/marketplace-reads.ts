import type { Db } from "../db/client.ts";
import type { Store } from "../db/kysely.ts";
import type { User } from "../generated/sqlite/client.ts";
import { carrierIdRows } from "./store.ts";

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
  return yield* carrierIdRows(db, ids);
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

/** A carrier account as an award rule's waterfall reads it (who may be offered a load in turn). */
export interface WaterfallCandidate {
  id: string;
  email: string;
  companyName: string | null;
  fullName: string | null;
  carrierId: string | null;
  areasOfOperation: string | null;
}

/**
 * The carrier accounts a load may be offered to in turn: active, approved carriers; those named by
 * `ids`, or (ids null) the first `limit` by sign-up. At most `limit` rows.
 */
export function waterfallCandidates(
  db: UserReader,
  ids: readonly string[] | null,
  limit: number,
): Promise<WaterfallCandidate[]> {
  return db.user.findMany({
    where: {
      role: "CARRIER",
      approvalStatus: "approved",
      disabledAt: null,
      ...(ids ? { id: { in: [...ids] } } : {}),
    },
    select: {
      id: true,
      email: true,
      companyName: true,
      fullName: true,
      carrierId: true,
      areasOfOperation: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
}

/** Display names of carrier users (company, else full name, else e-mail), by id. */
export async function carrierUserNames(db: UserReader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, email: true, companyName: true, fullName: true },
    take: ids.length,
  });
  return new Map(users.map((user) => [user.id, user.companyName ?? user.fullName ?? user.email]));
}

/** The users of a carrier company (told about its compliance), at most 200. */
export async function userIdsOfCarrier(db: UserReader, carrierId: string): Promise<string[]> {
  const users = await db.user.findMany({
    where: { carrierId, disabledAt: null },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  return users.map((user) => user.id);
}

/** The carrier companies of these users (null: none), in the order asked; at most a page of ids. */
export async function carrierIdsOfUserList(
  db: UserReader,
  ids: readonly string[],
): Promise<(string | null)[]> {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, carrierId: true },
  });
  const byId = new Map(users.map((user) => [user.id, user.carrierId]));
  return ids.map((id) => byId.get(id) ?? null);
}
