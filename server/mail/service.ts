import {
  OUTBOUND_EMAIL_NOT_FOUND,
  OUTBOX_PAGE_SIZE,
  RETRY_ONLY_FAILED,
  retryEmailInput,
} from "../../common/mail.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { OutboundEmail } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { parseInput } from "../lib/validate.ts";
import {
  countEmails,
  findEmail,
  insertEmails,
  listEmails,
  type OutboxFilter,
  type OutboxQuery,
  type QueuedEmail,
  requeueFailed,
} from "./store.ts";

export type { QueuedEmail };

type OutboxTx = Parameters<typeof insertEmails>[0];

/**
 * Queues an e-mail in the caller's transaction, beside what caused it: when that rolls back, no
 * e-mail exists. After the commit, `deps.mailOutbox.wake()` sends it at once (else the next poll
 * of any instance does).
 */
export function enqueueEmail(tx: OutboxTx, email: QueuedEmail): Promise<void> {
  return insertEmails(tx, [email]);
}

/** Many e-mails of one cause (an offer to every carrier who opted in) in one statement. */
export function enqueueEmails(tx: OutboxTx, emails: readonly QueuedEmail[]): Promise<void> {
  return insertEmails(tx, emails);
}

const OUTBOX_PAGING = { defaultSize: OUTBOX_PAGE_SIZE, maxSize: 100 };

/** Operators read the outbox newest first, optionally one status or text in recipient or subject. */
export async function findOutboxPage(
  ctx: Context,
  filter: OutboxFilter,
  paging: OffsetPageArgs,
  query: OutboxQuery = {},
): Promise<OffsetConnection<OutboundEmail>> {
  requireAdmin(ctx);
  const provider = providerOf(ctx.config.databaseUrl);
  return numberedPage(
    paging,
    OUTBOX_PAGING,
    () => countEmails(ctx.db, provider, filter),
    ({ skip, take }) => listEmails(ctx.db, provider, filter, { skip, take }, query),
  );
}

/** How many e-mails are marked failed: the Support Hub's tab shows it. */
export function countFailedEmails(ctx: Context): Promise<number> {
  requireAdmin(ctx);
  return countEmails(ctx.db, providerOf(ctx.config.databaseUrl), { status: "failed", search: null });
}

/**
 * "Retry now" on a failed e-mail: one more attempt at once (it is marked failed again if that
 * fails too). Any other status is a conflict: the worker has it in hand.
 */
export async function retryEmail(ctx: Context, rawInput: unknown): Promise<OutboundEmail> {
  requireAdmin(ctx);
  const { id } = parseInput(retryEmailInput, rawInput);
  const requeued = await ctx.db.$transaction(async (tx) => {
    const row = await requeueFailed(tx, id);
    if (!row) {
      if (!(await findEmail(tx, id))) throw new NotFoundError(OUTBOUND_EMAIL_NOT_FOUND);
      throw new ConflictError(RETRY_ONLY_FAILED, "id");
    }
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "mail.retry",
      entityType: "OutboundEmail",
      entityId: row.id,
      details: { to: row.to, kind: row.kind, attempts: row.attempts, lastError: row.lastError },
    });
    return row;
  });
  ctx.mailOutbox.wake();
  return requeued;
}
