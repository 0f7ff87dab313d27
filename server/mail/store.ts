import type { OutboundEmailKind, OutboundEmailStatus } from "../../common/mail.ts";
import type { Db, DbProvider } from "../db/client.ts";
import { containsText } from "../db/contains-text.ts";
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
  /** Unique to this claim (instance and claim number): the rows it won carry it as leaseOwner. */
  claim: string;
  limit: number;
  leaseMs: number;
  maxAttempts: number;
}

/**
 * Claims up to `limit` claimable rows, oldest due first, with one conditional UPDATE that
 * re-checks each row is still claimable: of two instances racing for a row exactly one changes it
 * (SQLite writes one at a time; PostgreSQL re-evaluates the condition on the row version the
 * other's commit left, and both lock the rows in the index's order, so they cannot deadlock).
 * A claim counts as an attempt. Rows all taken by another instance meanwhile: the next ones.
 */
export async function claimDue(db: OutboxDb, request: ClaimRequest): Promise<OutboundEmail[]> {
  for (let round = 0; round < 3; round++) {
    const now = new Date();
    const where = claimable(now, request.maxAttempts);
    const candidates = await db.outboundEmail.findMany({
      where,
      orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
      take: request.limit,
      select: { id: true },
    });
    if (candidates.length === 0) return [];
    const ids = candidates.map(({ id }) => id);
    const won = await db.outboundEmail.updateMany({
      where: { id: { in: ids }, ...where },
      data: {
        status: "sending",
        leaseOwner: request.claim,
        leaseUntil: new Date(now.getTime() + request.leaseMs),
        attempts: { increment: 1 },
      },
    });
    if (won.count > 0) {
      return db.outboundEmail.findMany({
        where: { id: { in: ids }, leaseOwner: request.claim },
        orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
      });
    }
  }
  return [];
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

/** Sent and failed rows created before `before`: the outbox is a queue, not an archive. */
export async function deleteFinishedBefore(db: OutboxDb, before: Date): Promise<number> {
  const result = await db.outboundEmail.deleteMany({
    where: { status: { in: ["sent", "failed"] }, createdAt: { lt: before } },
  });
  return result.count;
}

/**
 * These sends went through: marked while `claim` still holds them. Answers how many it marked;
 * fewer than asked means a claim ran out and another instance took the row (and may send it
 * again). The body is dropped: temporary passwords and single-use links do not outlive delivery.
 */
export async function markSent(db: OutboxDb, ids: string[], claim: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.outboundEmail.updateMany({
    where: { id: { in: ids }, status: "sending", leaseOwner: claim },
    data: { status: "sent", sentAt: new Date(), text: "", leaseOwner: null, leaseUntil: null },
  });
  return result.count;
}

/** The send failed: back to pending until `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: OutboxDb,
  id: string,
  claim: string,
  error: string,
  retryAt: Date | null,
): Promise<boolean> {
  const result = await db.outboundEmail.updateMany({
    where: { id, status: "sending", leaseOwner: claim },
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

/** What an operator lists: one status or all, and text in the recipient or subject. */
export interface OutboxFilter {
  status: OutboundEmailStatus | null;
  search: string | null;
}

function outboxWhere(provider: DbProvider, filter: OutboxFilter): Prisma.OutboundEmailWhereInput {
  const conditions: Prisma.OutboundEmailWhereInput[] = [];
  if (filter.status) conditions.push({ status: filter.status });
  if (filter.search) {
    conditions.push({
      OR: [{ to: containsText(provider, filter.search) }, { subject: containsText(provider, filter.search) }],
    });
  }
  return conditions.length > 0 ? { AND: conditions } : {};
}

const NEWEST_FIRST: Prisma.OutboundEmailOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

export function listEmails(
  db: OutboxDb,
  provider: DbProvider,
  filter: OutboxFilter,
  window: { skip: number; take: number },
  query: OutboxQuery = {},
): Promise<OutboundEmail[]> {
  return db.outboundEmail.findMany({
    ...query,
    where: outboxWhere(provider, filter),
    orderBy: NEWEST_FIRST,
    ...window,
  }) as Promise<OutboundEmail[]>;
}

export function countEmails(db: OutboxDb, provider: DbProvider, filter: OutboxFilter): Promise<number> {
  return db.outboundEmail.count({ where: outboxWhere(provider, filter) });
}
