import type { Context } from "../context.ts";
import { RateLimitedError } from "../errors.ts";
import { networkOf } from "../http/client-address.ts";
import { assertOncePerRequest, type Budget, spendBudget } from "./budget.ts";

export const TOO_MANY_ATTEMPTS = "Too many failed login attempts. Please wait a few minutes and try again.";
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a few minutes and try again.";
/** Failed logins one client address may make across all accounts before it slows down too. */
export const ADDRESS_FAILURE_FACTOR = 20;
const BACKOFF_BASE_MS = 1_000;

/**
 * How long to wait after the last failure: nothing within the free budget, then 1 s, 2 s, 4 s...
 * doubling with every further failure, never more than the window.
 */
export function backoffMs(failures: number, free: number, windowMs: number): number {
  if (failures < free) return 0;
  return Math.min(windowMs, BACKOFF_BASE_MS * 2 ** Math.min(30, failures - free));
}

/**
 * Failed logins are counted in the database (all instances) per (account, client address): a
 * stranger's failures slow down that stranger, never the owner signing in from their own address.
 * Past LOGIN_MAX_FAILURES each further attempt waits exponentially longer; one address guessing
 * across many accounts slows down the same way past ADDRESS_FAILURE_FACTOR times that.
 */
export async function assertLoginAllowed(ctx: Context, email: string): Promise<void> {
  assertOncePerRequest(ctx, "login", TOO_MANY_ATTEMPTS);
  const windowMs = ctx.config.loginWindowSeconds * 1000;
  const since = new Date(Date.now() - windowMs);
  const failed = { success: false, createdAt: { gt: since } };
  const [pair, address] = await Promise.all([
    ctx.db.loginAttempt.aggregate({
      where: { email, ip: ctx.meta.ip, ...failed },
      _count: { _all: true },
      _max: { createdAt: true },
    }),
    ctx.db.loginAttempt.aggregate({
      where: { ip: ctx.meta.ip, ...failed },
      _count: { _all: true },
      _max: { createdAt: true },
    }),
  ]);
  const free = ctx.config.loginMaxFailures;
  const now = Date.now();
  const waits = [
    (pair._max.createdAt?.getTime() ?? 0) + backoffMs(pair._count._all, free, windowMs),
    (address._max.createdAt?.getTime() ?? 0) +
      backoffMs(address._count._all, free * ADDRESS_FAILURE_FACTOR, windowMs),
  ];
  if (waits.some((until) => until > now)) throw new RateLimitedError(TOO_MANY_ATTEMPTS);
}

export async function recordLoginAttempt(ctx: Context, email: string, success: boolean): Promise<void> {
  await ctx.db.loginAttempt.create({ data: { email, ip: ctx.meta.ip, success } });
  // The owner's success clears their own address's failures, not a stranger's.
  if (success) await ctx.db.loginAttempt.deleteMany({ where: { email, ip: ctx.meta.ip, success: false } });
}

/** Forgot-password: the same for every e-mail address, known or not, so it tells nothing. */
const FORGOT_PER_ADDRESS: Budget = { bucket: "forgot-password", limit: 10, windowMs: 15 * 60_000 };
const FORGOT_PER_NETWORK: Budget = { bucket: "forgot-password/net", limit: 50, windowMs: 15 * 60_000 };

export async function assertForgotPasswordAllowed(ctx: Context): Promise<void> {
  assertOncePerRequest(ctx, "forgot-password", TOO_MANY_REQUESTS);
  await spendBudget(ctx, FORGOT_PER_ADDRESS, ctx.meta.ip, TOO_MANY_REQUESTS);
  await spendBudget(ctx, FORGOT_PER_NETWORK, networkOf(ctx.meta.ip), TOO_MANY_REQUESTS);
}

export const TOO_MANY_SIGNUPS = "Too many sign-ups from your network. Please try again later.";

/** Sign-up: one per request, SIGNUP_MAX_PER_ADDRESS an hour per client address (all instances). */
export async function assertSignupAllowed(ctx: Context): Promise<void> {
  assertOncePerRequest(ctx, "register", TOO_MANY_SIGNUPS);
  const hour = 60 * 60_000;
  const perAddress = ctx.config.signupMaxPerAddress;
  await spendBudget(
    ctx,
    { bucket: "register", limit: perAddress, windowMs: hour },
    ctx.meta.ip,
    TOO_MANY_SIGNUPS,
  );
  await spendBudget(
    ctx,
    { bucket: "register/net", limit: perAddress * 5, windowMs: hour },
    networkOf(ctx.meta.ip),
    TOO_MANY_SIGNUPS,
  );
}
