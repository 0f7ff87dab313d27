import type { AppConfig } from "../config.ts";
import type { PrismaTx } from "../db/bulk.ts";
import type { Db, DbProvider } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import type { Prisma, User } from "../generated/sqlite/client.ts";
import { port } from "../lib/port.ts";

type UserDb = Pick<Db, "user">;

/**
 * What signing up, signing in and changing a password need of the User table. The users domain
 * owns it and answers (plugged in server/wiring.ts); users calls auth (sessions, policy), so auth
 * does not import users.
 */
export interface Accounts {
  byId(deps: Pick<Deps, "sql">, id: string): Promise<User | null>;
  byEmail(db: UserDb, email: string): Promise<User | null>;
  /** The user read with a GraphQL field's selection (its relations and counts). */
  forQuery(db: UserDb, id: string, query: object): Promise<User>;
  emailInUse(db: UserDb, email: string): Promise<boolean>;
  /** The readable userId a new account gets. */
  newUserId(): string;
  initialApprovalStatus(config: Pick<AppConfig, "carrierApproval">): "approved" | "pending";
  create(tx: UserDb, data: Prisma.UserCreateInput): Promise<User>;
  noteSignIn(db: UserDb, userId: string): Promise<void>;
  setTemporaryPassword(db: UserDb, userId: string, hash: string, expiresAt: Date): Promise<void>;
  adoptTemporaryPassword(db: UserDb, userId: string, hash: string): Promise<User>;
  replacePasswordHash(db: UserDb, userId: string, passwordHash: string): Promise<void>;
  /** Holds the user's row in the sign-in transaction: one sign-in per user at a time. */
  lockForSignIn(tx: PrismaTx, provider: DbProvider, userId: string): Promise<void>;
}

export const accounts = port<Accounts>("auth's accounts");
