import { CONTACT_RATE_LIMITED } from "../../common/contact.ts";
import { assertOncePerRequest, type Budget, spendBudget } from "../auth/budget.ts";
import type { Context } from "../context.ts";
import { RateLimitedError } from "../errors.ts";
import { networkOf } from "../http/client-address.ts";

/** Messages one client address may send per window (counted in the database: all instances). */
export const PER_ADDRESS: Budget = { bucket: "contact", limit: 5, windowMs: 10 * 60_000 };
/** Messages one network (IPv4 /24, IPv6 /64) may send per window: a flood cannot hop addresses. */
export const PER_NETWORK: Budget = { bucket: "contact/net", limit: 20, windowMs: 10 * 60_000 };
/** Messages one e-mail address may send per window. */
export const PER_EMAIL = { limit: 3, windowMs: 60 * 60_000 };

/**
 * Throws RateLimitedError when this sender sent too much lately. There is no cap for everyone
 * together: a flood from a few dozen addresses must not close the form for a new visitor, so each
 * address, network and e-mail has its own budget instead.
 */
export async function assertContactAllowed(ctx: Context, email: string): Promise<void> {
  assertOncePerRequest(ctx, "contact", CONTACT_RATE_LIMITED);
  await spendBudget(ctx, PER_ADDRESS, ctx.meta.ip, CONTACT_RATE_LIMITED);
  await spendBudget(ctx, PER_NETWORK, networkOf(ctx.meta.ip), CONTACT_RATE_LIMITED);
  const byEmail = await ctx.db.contactMessage.count({
    where: { email, createdAt: { gt: new Date(Date.now() - PER_EMAIL.windowMs) } },
  });
  if (byEmail >= PER_EMAIL.limit) throw new RateLimitedError(CONTACT_RATE_LIMITED);
}
