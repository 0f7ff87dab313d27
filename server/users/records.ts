import type { Db } from "../db/client.ts";
import type { Carrier, Prisma, User } from "../generated/sqlite/client.ts";
import {
  numberedPage,
  type OffsetConnection,
  type OffsetPageArgs,
  type PagingLimits,
} from "../lib/paging.ts";

/**
 * The User rows other domains read and write: sign-in and sign-up (auth), driver membership
 * (carriers), payloads that answer with a user (GraphQL). Each takes the caller's client or
 * transaction; the users domain owns the table (ARCHITECTURE.md).
 */
type UserDb = Pick<Db, "user">;

/** What a GraphQL field's `query` adds to a Prisma read (Pothos' selection). */
export type UserQuery = { select?: Prisma.UserSelect; include?: Prisma.UserInclude };

export function userForQuery(db: UserDb, id: string, query: UserQuery): Promise<User> {
  return db.user.findUniqueOrThrow({ ...query, where: { id } });
}

export function userById(db: UserDb, id: string): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id } });
}

export function userByEmail(db: UserDb, email: string): Promise<User | null> {
  return db.user.findUnique({ where: { email } });
}

export async function emailInUse(db: UserDb, email: string): Promise<boolean> {
  return Boolean(await db.user.findUnique({ where: { email }, select: { id: true } }));
}

// --- sign-up and sign-in (auth) ---

/** A self-service sign-up's account, inside the caller's transaction. */
/** Whether any operator (ADMIN) account exists: the first-run setup link works only while none does. */
export async function operatorExists(db: UserDb): Promise<boolean> {
  return (await db.user.count({ where: { role: "ADMIN" } })) > 0;
}

export function createAccount(tx: UserDb, data: Prisma.UserCreateInput): Promise<User> {
  return tx.user.create({ data });
}

/** Keeps "last sign-in" for the users list. */
export async function noteSignIn(db: UserDb, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { lastSignInAt: new Date() } });
}

/** A temporary password ("forgot password") until it is used or expires. */
export async function setTemporaryPassword(
  db: UserDb,
  userId: string,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await db.user.update({
    where: { id: userId },
    data: { tempPasswordHash: hash, tempPasswordExpiresAt: expiresAt },
  });
}

/** The temporary password that was just used becomes the password. */
export function adoptTemporaryPassword(db: UserDb, userId: string, hash: string): Promise<User> {
  return db.user.update({
    where: { id: userId },
    data: { passwordHash: hash, tempPasswordHash: null, tempPasswordExpiresAt: null },
  });
}

// --- driver membership (carriers): User.carrierId ---

export type UserWithCarrier = User & { carrier: Pick<Carrier, "carrierId" | "carrierName"> | null };
const CARRIER_LABEL = { select: { carrierId: true, carrierName: true } } as const;

/** Users by database id or userId, each with the carrier it drives for. */
export function usersWithCarrier(db: UserDb, refs: string[]): Promise<UserWithCarrier[]> {
  if (refs.length === 0) return Promise.resolve([]);
  return db.user.findMany({
    where: { OR: [{ id: { in: refs } }, { userId: { in: refs } }] },
    include: { carrier: CARRIER_LABEL },
  });
}

export function userWithCarrier(db: UserDb, id: string): Promise<UserWithCarrier> {
  return db.user.findUniqueOrThrow({ where: { id }, include: { carrier: CARRIER_LABEL } });
}

/** The carrier's drivers, one page in `orderBy`. */
export function driverPage(
  db: UserDb,
  carrierId: string,
  orderBy: Prisma.UserOrderByWithRelationInput[],
  paging: OffsetPageArgs,
  limits: PagingLimits,
): Promise<OffsetConnection<User>> {
  const where = { carrierId };
  return numberedPage(
    paging,
    limits,
    () => db.user.count({ where }),
    (window) => db.user.findMany({ ...window, where, orderBy }),
  );
}

/** Lets go every driver of the carrier not in `keepIds`; answers their userIds. */
export async function releaseDriversExcept(
  tx: UserDb,
  carrierId: string,
  keepIds: string[],
): Promise<string[]> {
  const where = { carrierId, id: { notIn: keepIds } };
  const leaving = await tx.user.findMany({ where, select: { userId: true } });
  await tx.user.updateMany({ where, data: { carrierId: null } });
  return leaving.map((user) => user.userId);
}

export function releaseDriver(tx: UserDb, userId: string): Promise<User> {
  return tx.user.update({ where: { id: userId }, data: { carrierId: null } });
}

/**
 * Makes the users drivers of the carrier unless they are operators or drive for another carrier
 * meanwhile (a conditional update, so a race is seen): answers how many it claimed.
 */
export async function claimDrivers(tx: UserDb, carrierId: string, ids: string[]): Promise<number> {
  const claimed = await tx.user.updateMany({
    where: { id: { in: ids }, role: { not: "ADMIN" }, OR: [{ carrierId: null }, { carrierId }] },
    data: { carrierId },
  });
  return claimed.count;
}

/** The e-mail addresses of these users (audit trail links). */
export function userEmailsOf(db: UserDb, ids: string[]) {
  return db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
}
