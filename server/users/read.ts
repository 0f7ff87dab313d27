import { toDate, toDateOrNull } from "../db/reader.ts";
import { sql } from "../db/sql.ts";
import type { Deps } from "../deps.ts";
import type { User } from "../generated/sqlite/client.ts";

type DateColumn =
  | "createdAt"
  | "updatedAt"
  | "tempPasswordExpiresAt"
  | "lastSignInAt"
  | "approvalDecidedAt"
  | "disabledAt";
type UserRow = Omit<User, DateColumn | "offerEmails"> &
  Record<DateColumn, unknown> & { offerEmails: unknown };

const USER_BY_ID = `SELECT * FROM "User" WHERE "id" = ?`;

/**
 * A user by database id in one prepared statement: what GET /api/auth/check-session reads on every
 * page load, where Prisma's per-query cost would dominate.
 */
export async function readUserById(deps: Pick<Deps, "sql">, id: string): Promise<User | null> {
  const [row] = await deps.sql.all<UserRow>(sql(USER_BY_ID, id));
  if (!row) return null;
  return {
    ...row,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    tempPasswordExpiresAt: toDateOrNull(row.tempPasswordExpiresAt),
    lastSignInAt: toDateOrNull(row.lastSignInAt),
    approvalDecidedAt: toDateOrNull(row.approvalDecidedAt),
    disabledAt: toDateOrNull(row.disabledAt),
    // SQLite hands booleans back as 0/1.
    offerEmails: Boolean(row.offerEmails),
  };
}
