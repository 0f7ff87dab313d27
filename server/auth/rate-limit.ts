import type { Context } from "../context.ts";
import { RateLimitedError } from "../errors.ts";

export const TOO_MANY_ATTEMPTS = "Too many failed login attempts. Please wait a few minutes and try again.";

/**
 * Failed logins are counted in the database, so the limit holds across server instances: per
 * e-mail, and (more generously) per client address.
 */
export async function assertLoginAllowed(ctx: Context, email: string): Promise<void> {
  const since = new Date(Date.now() - ctx.config.loginWindowSeconds * 1000);
  const [byEmail, byIp] = await Promise.all([
    ctx.db.loginAttempt.count({ where: { email, success: false, createdAt: { gt: since } } }),
    ctx.db.loginAttempt.count({ where: { ip: ctx.meta.ip, success: false, createdAt: { gt: since } } }),
  ]);
  if (byEmail >= ctx.config.loginMaxFailures || byIp >= ctx.config.loginMaxFailures * 4) {
    throw new RateLimitedError(TOO_MANY_ATTEMPTS);
  }
}

export async function recordLoginAttempt(ctx: Context, email: string, success: boolean): Promise<void> {
  await ctx.db.loginAttempt.create({ data: { email, ip: ctx.meta.ip, success } });
  if (success) {
    await ctx.db.loginAttempt.deleteMany({ where: { email, success: false } });
  }
}
