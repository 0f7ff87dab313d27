import type { Store } from "../db/kysely.ts";

/** Auth's store: the statements on Session that run on every request, on either database. */

export interface SessionCheckRow {
  id: string;
  userId: string;
  platform: string;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  userKey: string;
  email: string;
  role: string;
}

/**
 * Every authenticated request asks this (when the viewer is not cached): one indexed statement,
 * with the user's key, e-mail and role joined in (a second statement per request otherwise).
 */
export async function sessionCheckRow(db: Store, sessionId: string): Promise<SessionCheckRow | null> {
  const row = await db
    .selectFrom("Session as s")
    .innerJoin("User as u", "u.id", "s.userId")
    .select([
      "s.id",
      "s.userId",
      "s.platform",
      "s.expiresAt",
      "s.revokedAt",
      "s.revokedReason",
      "u.userId as userKey",
      "u.email",
      "u.role",
    ])
    .where("s.id", "=", sessionId)
    .executeTakeFirst();
  return row ?? null;
}
