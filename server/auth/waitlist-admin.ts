import type { Db } from "../db/client.ts";
import { containsLiteral } from "../db/contains-text.ts";
import { NotFoundError } from "../errors.ts";
import type { EmailWaitlist, Prisma } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";

/**
 * The write side of the sign-up waitlist for operators (auth owns EmailWaitlist; register fills it).
 * Authorization is the caller's (server/workspace/waitlist.ts).
 */
type WaitlistDb = Pick<Db, "emailWaitlist">;

export const WAITLIST_VIEWS = ["open", "invited", "dismissed", "all"] as const;
export type WaitlistView = (typeof WAITLIST_VIEWS)[number];

export function waitlistWhere(view: WaitlistView, search?: string | null): Prisma.EmailWaitlistWhereInput {
  const conditions: Prisma.EmailWaitlistWhereInput[] = [];
  if (view === "open") conditions.push({ invitedAt: null, dismissedAt: null });
  if (view === "invited") conditions.push({ invitedAt: { not: null } });
  if (view === "dismissed") conditions.push({ dismissedAt: { not: null }, invitedAt: null });
  const term = search?.trim().toLowerCase();
  if (term) conditions.push({ email: containsLiteral(term) });
  return conditions.length > 0 ? { AND: conditions } : {};
}

/** One numbered page of the waitlist, newest first. */
export function findWaitlistRows(
  db: WaitlistDb,
  where: Prisma.EmailWaitlistWhereInput,
  paging: OffsetPageArgs,
  pageSize: { defaultSize: number; maxSize: number },
): Promise<OffsetConnection<EmailWaitlist>> {
  return numberedPage(
    paging,
    pageSize,
    () => db.emailWaitlist.count({ where }),
    (window) =>
      db.emailWaitlist.findMany({ ...window, where, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  );
}

export async function waitlistEntryOrThrow(db: WaitlistDb, id: string): Promise<EmailWaitlist> {
  const entry = await db.emailWaitlist.findUnique({ where: { id } });
  if (!entry) throw new NotFoundError("Waitlist entry not found");
  return entry;
}

export function markWaitlistInvited(db: WaitlistDb, id: string): Promise<EmailWaitlist> {
  return db.emailWaitlist.update({ where: { id }, data: { invitedAt: new Date(), dismissedAt: null } });
}

export function markWaitlistDismissed(db: WaitlistDb, id: string): Promise<EmailWaitlist> {
  return db.emailWaitlist.update({ where: { id }, data: { dismissedAt: new Date() } });
}

/** An address an operator invited from the waitlist may register whatever its domain. */
export async function isInvitedFromWaitlist(db: WaitlistDb, email: string): Promise<boolean> {
  const entry = await db.emailWaitlist.findUnique({ where: { email }, select: { invitedAt: true } });
  return Boolean(entry?.invitedAt);
}
