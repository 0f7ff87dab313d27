import type { Deps } from "../deps.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { revokeSession } from "./sessions.ts";

/** Sessions that still let their holder in: not revoked and not expired. */
export function openSessionWhere(now = new Date()): Prisma.SessionWhereInput {
  return { revokedAt: null, expiresAt: { gt: now } };
}

/**
 * Ends every open session of a user (an operator ending them, or disabling the account). Each goes
 * through the ordinary revocation, so its open tabs and live sockets are told at once.
 */
export async function endUserSessions(deps: Deps, userId: string): Promise<number> {
  const open = await deps.db.session.findMany({
    where: { userId, revokedAt: null },
    select: { id: true },
  });
  for (const session of open) await revokeSession(deps, session.id, "ended_by_admin");
  return open.length;
}
