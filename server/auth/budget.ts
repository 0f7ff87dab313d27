import type { Context } from "../context.ts";
import { RateLimitedError } from "../errors.ts";

export interface Budget {
  /** Names the action, e.g. "register". */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Rows older than this are of no use to any budget. */
const KEEP_MS = 24 * 3_600_000;

/**
 * Counts one use of a public action against `key` (a client address, a network, an e-mail), in
 * the database so that every instance shares the count, and refuses it past the budget. The use
 * is recorded before counting, so a concurrent burst cannot slip past the limit together.
 * Answers the use's id, for refundBudget.
 */
export async function spendBudget(
  ctx: Context,
  budget: Budget,
  key: string,
  message: string,
): Promise<string> {
  const now = Date.now();
  const hit = await ctx.db.rateLimitHit.create({ data: { bucket: budget.bucket, key } });
  // Uses up to and including this one, in creation order: of a concurrent burst the first ones pass.
  const used = await ctx.db.rateLimitHit.count({
    where: {
      bucket: budget.bucket,
      key,
      createdAt: { gt: new Date(now - budget.windowMs) },
      OR: [{ createdAt: { lt: hit.createdAt } }, { createdAt: hit.createdAt, id: { lte: hit.id } }],
    },
  });
  if (Math.random() < 0.01) {
    await ctx.db.rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(now - KEEP_MS) } } });
  }
  if (used > budget.limit) throw new RateLimitedError(message);
  return hit.id;
}

/** Gives uses back (an action that only failed attempts should count, once it succeeded). */
export async function refundBudget(ctx: Pick<Context, "db">, hitIds: readonly string[]): Promise<void> {
  if (hitIds.length > 0) await ctx.db.rateLimitHit.deleteMany({ where: { id: { in: [...hitIds] } } });
}

const usesPerRequest = new WeakMap<object, Set<string>>();

/**
 * One use of `action` per request: aliased mutations in one document are separate attempts, and
 * more than one of these (sign-up, login, forgot-password, contact) in a request is refused.
 */
export function assertOncePerRequest(ctx: Context, action: string, message: string): void {
  let used = usesPerRequest.get(ctx.meta);
  if (!used) {
    used = new Set();
    usesPerRequest.set(ctx.meta, used);
  }
  if (used.has(action)) throw new RateLimitedError(message);
  used.add(action);
}
