import {
  DRIVER_TEXTS,
  type DriverSession,
  driverSessionInput,
  TRIP_ACCESS_MINUTES,
  TRIP_LINK_INVALID,
  TRIP_TOKEN_MAX,
} from "../../common/driver.ts";
import { type Budget, refundBudget, spendBudget } from "../auth/budget.ts";
import type { TripViewer } from "../auth/policy.ts";
import { signAccessToken, verifyAccessToken } from "../auth/tokens.ts";
import { TRIP_ROLE } from "../auth/trip-viewers.ts";
import type { Context } from "../context.ts";
import type { Deps } from "../deps.ts";
import { DomainError } from "../errors.ts";
import { networkOf } from "../http/client-address.ts";
import { parseInput } from "../lib/validate.ts";
import { hashTripToken } from "./service.ts";
import { liveTripLinkWithLoad, tripLinkById } from "./store.ts";

/**
 * The driver app's sign-in by trip link: the token of `/driver/trip/<token>` buys a short-lived
 * access token (the sign-in's JWT, role TRIP) whose subject is the trip link. Every request
 * carrying it reads the link again, so a revoked or expired link stops working at once.
 */

export class TripLinkInvalidError extends DomainError {
  constructor() {
    super(TRIP_LINK_INVALID, DRIVER_TEXTS.tripLinkInvalid);
  }
}

type TripLinkRow = NonNullable<Awaited<ReturnType<typeof tripLinkById>>>;

function tripViewerOf(link: TripLinkRow): TripViewer {
  return {
    linkId: link.id,
    loadDbId: link.loadId,
    loadId: link.load.loadId,
    driverName: link.driverName,
    linkExpiresAt: link.expiresAt,
    dispatchedAt: link.createdAt,
  };
}

const isLive = (link: { revokedAt: Date | null; expiresAt: Date }, now: number) =>
  link.revokedAt === null && link.expiresAt.getTime() > now;

/** Wrong trip tokens one client address may present per window (counted in the database: all instances). */
export const TRIP_SESSION_GUESSES: Budget = { bucket: "driver-session", limit: 10, windowMs: 15 * 60_000 };
/** The same for a network (IPv4 /24, IPv6 /64): a guesser cannot hop addresses. */
export const TRIP_SESSION_NETWORK_GUESSES: Budget = {
  bucket: "driver-session/net",
  limit: 50,
  windowMs: 15 * 60_000,
};

/**
 * POST /api/driver/session: a live trip link's token for an access token of its trip. Every
 * attempt spends the address's and network's budget before the token is looked up (so past it
 * even a right token waits, and the answer tells a guesser nothing); a valid one gives it back,
 * so drivers opening their link at every visit never run out.
 */
export async function openTripSession(ctx: Context, raw: unknown): Promise<DriverSession> {
  const { token } = parseInput(driverSessionInput, raw);
  const spent = [
    await spendBudget(ctx, TRIP_SESSION_GUESSES, ctx.meta.ip, DRIVER_TEXTS.tooManyTripLinkAttempts),
    await spendBudget(
      ctx,
      TRIP_SESSION_NETWORK_GUESSES,
      networkOf(ctx.meta.ip),
      DRIVER_TEXTS.tooManyTripLinkAttempts,
    ),
  ];
  if (token.length > TRIP_TOKEN_MAX) throw new TripLinkInvalidError();
  const link = await liveTripLinkWithLoad(ctx.db, hashTripToken(token));
  if (!link) throw new TripLinkInvalidError();
  await refundBudget(ctx, spent);
  const now = Date.now();
  const ttlSeconds = Math.max(
    1,
    Math.min(TRIP_ACCESS_MINUTES * 60, Math.floor((link.expiresAt.getTime() - now) / 1000)),
  );
  const accessToken = await signAccessToken(
    { sub: link.id, sid: link.id, role: TRIP_ROLE },
    ctx.config.jwtSecret,
    ttlSeconds,
  );
  return {
    accessToken,
    expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
    loadId: link.load.loadId,
    driverName: link.driverName,
  };
}

/**
 * The trip viewer behind an access token, or null when the token is no trip token (a user's, or
 * one that does not verify: the user sign-in path reports those). A trip token whose link was
 * revoked or expired fails with TRIP_LINK_INVALID.
 */
export async function tripViewerOfToken(deps: Deps, token: string): Promise<TripViewer | null> {
  const check = await verifyAccessToken(token, deps.config.jwtSecret);
  if (!check.ok || check.claims.role !== TRIP_ROLE) return null;
  const link = await tripLinkById(deps.db, check.claims.sub);
  if (!link || !isLive(link, Date.now())) throw new TripLinkInvalidError();
  return tripViewerOf(link);
}
