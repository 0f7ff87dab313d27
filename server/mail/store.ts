import type { OutboundEmailKind, OutboundEmailStatus } from "../../common/mail.ts";
import type { Db } from "../db/client.ts";
import type { OutboundEmail, Prisma } from "../generated/sqlite/client.ts";

/** Every statement on OutboundEmail: the mail domain owns the table (ARCHITECTURE.md). */
type OutboxDb = Pick<Db, "outboundEmail">;

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  kind: OutboundEmailKind;
}

/** Rows per INSERT: 7 values each stays far below SQLite's bind-parameter limit. */
const INSERT_CHUNK = 500;

/** Part of the caller's transaction: the rows exist exactly when what caused them commits. */
export async function insertEmails(tx: OutboxDb, emails: readonly QueuedEmail[]): Promise<void> {
  const now = new Date();
  for (let start = 0; start < emails.length; start += INSERT_CHUNK) {
    await tx.outboundEmail.createMany({
      data: emails.slice(start, start + INSERT_CHUNK).map((email) => ({
        ...email,
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      })),
    });
  }
}

/** Rows a worker may claim now: due ones, and ones whose sender's claim ran out (it died mid-send). */
function claimable(now: Date, maxAttempts: number): Prisma.OutboundEmailWhereInput {
  return {
    OR: [
      { status: "pending", nextAttemptAt: { lte: now } },
      { status: "sending", leaseUntil: { lt: now }, attempts: { lt: maxAttempts } },
    ],
  };
}

export interface ClaimRequest {
  owner: string;
  limit: number;
  leaseMs: number;
  maxAttempts: number;
}

/**
 * Claims up to `limit` claimable rows for `owner`, oldest due first. Each claim is one conditional
 * UPDATE that re-checks the row is still claimable, so of two instances racing for a row exactly
 * one changes it (SQLite writes one at a time; PostgreSQL re-evaluates the condition on the row
 * version the other's commit left). A claim counts as an attempt.
 */
export async function claimDue(db: OutboxDb, request: ClaimRequest): Promise<OutboundEmail[]> {
  const now = new Date();
  const where = claimable(now, request.maxAttempts);
  const candidates = await db.outboundEmail.findMany({
    where,
    orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
    take: request.limit * 4,
    select: { id: true },
  });
  const claimed: string[] = [];
  for (const { id } of candidates) {
    if (claimed.length === request.limit) break;
    const won = await db.outboundEmail.updateMany({
      where: { id, ...where },
      data: {
        status: "sending",
        leaseOwner: request.owner,
        leaseUntil: new Date(now.getTime() + request.leaseMs),
        attempts: { increment: 1 },
      },
    });
    if (won.count === 1) claimed.push(id);
  }
  if (claimed.length === 0) return [];
  return db.outboundEmail.findMany({ where: { id: { in: claimed }, leaseOwner: request.owner } });
}

/** Claims that ran out on a row with no attempt left: nobody will send it, an operator may retry it. */
export async function failAbandoned(db: OutboxDb, maxAttempts: number): Promise<number> {
  const result = await db.outboundEmail.updateMany({
    where: { status: "sending", leaseUntil: { lt: new Date() }, attempts: { gte: maxAttempts } },
    data: {
      status: "failed",
      lastError: "The instance sending it stopped before it finished.",
      leaseOwner: null,
      leaseUntil: null,
    },
  });
  return result.count;
}

/**
 * The send went through. Only while `owner` still holds the claim: false when it ran out and
 * another instance took the row (which may send it again). The body is dropped: temporary
 * passwords and single-use links do not outlive their delivery here.
 */
export async function markSent(db: OutboxDb, id: string, owner: string): Promise<boolean> {
  const result = await db.outboundEmail.updateMany({
    where: { id, status: "sending", leaseOwner: owner },
    data: { status: "sent", sentAt: new Date(), text: "", leaseOwner: null, leaseUntil: null },
  });
  return result.count === 1;
}

/** The send failed: back to pending until `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: OutboxDb,
  id: string,
  owner: string,
  error: string,
  retryAt: Date | null,
): Promise<boolean> {
  const result = await db.outboundEmail.updateMany({
    where: { id, status: "sending", leaseOwner: owner },
    data: {
      ...(retryAt ? { status: "pending", nextAttemptAt: retryAt } : { status: "failed" }),
      lastError: error,
      leaseOwner: null,
      leaseUntil: null,
    },
  });
  return result.count === 1;
}

/** When the next pending row falls due (null: none waits), to sleep until then. */
export async function nextDueAt(db: OutboxDb): Promise<Date | null> {
  const next = await db.outboundEmail.findFirst({
    where: { status: "pending" },
    orderBy: { nextAttemptAt: "asc" },
    select: { nextAttemptAt: true },
  });
  return next?.nextAttemptAt ?? null;
}

/** Whether a row is due now (tests drain the outbox until none is). */
export async function anyDue(db: OutboxDb, maxAttempts: number): Promise<boolean> {
  return (await db.outboundEmail.count({ where: claimable(new Date(), maxAttempts), take: 1 })) > 0;
}

/** A failed row is sent once more at once; any other status is left alone (null). */
export async function requeueFailed(db: OutboxDb, id: string): Promise<OutboundEmail | null> {
  const result = await db.outboundEmail.updateMany({
    where: { id, status: "failed" },
    data: { status: "pending", nextAttemptAt: new Date() },
  });
  return result.count === 1 ? db.outboundEmail.findUnique({ where: { id } }) : null;
}

export function findEmail(db: OutboxDb, id: string): Promise<OutboundEmail | null> {
  return db.outboundEmail.findUnique({ where: { id } });
}

export type OutboxQuery = { select?: Prisma.OutboundEmailSelect };

export function outboxWhere(status: OutboundEmailStatus | null): Prisma.OutboundEmailWhereInput {
  return status ? { status } : {};
}

const NEWEST_FIRST: Prisma.OutboundEmailOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

export function listEmails(
  db: OutboxDb,
  status: OutboundEmailStatus | null,
  window: { skip: number; take: number },
  query: OutboxQuery = {},
): Promise<OutboundEmail[]> {
  return db.outboundEmail.findMany({
    ...query,
    where: outboxWhere(status),
    orderBy: NEWEST_FIRST,
    ...window,
  }) as Promise<OutboundEmail[]>;
}

export function countEmails(db: OutboxDb, status: OutboundEmailStatus | null): Promise<number> {
  return db.outboundEmail.count({ where: outboxWhere(status) });
}
