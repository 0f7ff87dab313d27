import { CONTACT_RATE_LIMITED } from "../../common/contact.ts";
import type { Context } from "../context.ts";
import { RateLimitedError } from "../errors.ts";

/** Messages one client address may send per window, counted by each server instance. */
export const PER_ADDRESS = { limit: 5, windowMs: 10 * 60_000 };
/** Messages one e-mail address may send per window, counted in the database (all instances). */
export const PER_EMAIL = { limit: 3, windowMs: 60 * 60_000 };
/** A ceiling for everyone together, so a flood from many addresses cannot fill the table. */
export const OVERALL = { limit: 300, windowMs: 60 * 60_000 };

/** Recent send times per client address, one map per app (keyed by its database client). */
const sentByAddress = new WeakMap<object, Map<string, number[]>>();

function recentFromAddress(ctx: Context, now: number): number[] {
  let perApp = sentByAddress.get(ctx.db);
  if (!perApp) {
    perApp = new Map();
    sentByAddress.set(ctx.db, perApp);
  }
  const recent = (perApp.get(ctx.meta.ip) ?? []).filter((time) => now - time < PER_ADDRESS.windowMs);
  perApp.set(ctx.meta.ip, recent);
  return recent;
}

/** Throws RateLimitedError when this sender or everyone together sent too much lately. */
export async function assertContactAllowed(ctx: Context, email: string): Promise<void> {
  const now = Date.now();
  if (recentFromAddress(ctx, now).length >= PER_ADDRESS.limit)
    throw new RateLimitedError(CONTACT_RATE_LIMITED);
  const [byEmail, overall] = await Promise.all([
    ctx.db.contactMessage.count({
      where: { email, createdAt: { gt: new Date(now - PER_EMAIL.windowMs) } },
    }),
    ctx.db.contactMessage.count({ where: { createdAt: { gt: new Date(now - OVERALL.windowMs) } } }),
  ]);
  if (byEmail >= PER_EMAIL.limit || overall >= OVERALL.limit)
    throw new RateLimitedError(CONTACT_RATE_LIMITED);
}

export function recordContactSent(ctx: Context): void {
  recentFromAddress(ctx, Date.now()).push(Date.now());
}
