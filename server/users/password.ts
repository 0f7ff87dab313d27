import type { Db } from "../db/client.ts";

/**
 * Replaces a user's password hash and drops any pending temporary password from "forgot
 * password" (a password the user chose supersedes one that was mailed).
 */
export async function replacePasswordHash(
  db: Pick<Db, "user">,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.user.update({
    where: { id: userId },
    data: { passwordHash, tempPasswordHash: null, tempPasswordExpiresAt: null },
  });
}
