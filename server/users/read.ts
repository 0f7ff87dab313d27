import type { PrismaTx } from "../db/bulk.ts";
import type { DbProvider } from "../db/client.ts";
import { readStore } from "../db/kysely.ts";
import { runInPrisma } from "../db/prisma-work.ts";
import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";
import { lockUserWork, userByIdRow } from "./store.ts";

/**
 * A user by database id in one prepared statement: what GET /api/auth/check-session reads on every
 * page load, where Prisma's per-query cost would dominate.
 */
export function readUserById(deps: Pick<Deps, "sql">, id: string): Promise<User | null> {
  return userByIdRow(readStore(deps.sql), id);
}

/** Holds the user's row in the caller's sign-in transaction (auth's accounts port). */
export function lockUserForSignIn(tx: PrismaTx, provider: DbProvider, id: string): Promise<void> {
  return runInPrisma(tx, provider, (db) => lockUserWork(db, id));
}
