import { ALREADY_LOGGED_IN } from "../../common/auth.ts";
import { ROLE_CHANGED_MESSAGE, SESSION_ENDED_MESSAGE } from "../../common/session-messages.ts";
import { readStore } from "../db/kysely.ts";
import type { Deps } from "../deps.ts";
import { ConflictError, SessionEndedError, UnauthenticatedError } from "../errors.ts";
import { accounts } from "./accounts.ts";
import type { Role, Viewer } from "./policy.ts";
import { sessionCheckRow } from "./store.ts";
import { hashRefreshToken, newRefreshToken, signAccessToken, verifyAccessToken } from "./tokens.ts";
import { cachedViewer, cacheGeneration, forgetSession, rememberViewer } from "./viewer-cache.ts";

export const REMEMBER_ME_DAYS = 30;
export const SESSION_HOURS = 12;
/** A second tab may present the token another tab just rotated; within this window it is not theft. */
export const ROTATION_GRACE_MS = 10_000;

export const SESSION_REPLACED_LOGOUT_MESSAGE =
  "Your session was closed because your account signed in on another device. Please log in again.";

export type RevokeReason =
  | "logout"
  | "replaced"
  | "reuse"
  | "password_reset"
  | "password_changed"
  | "ended_by_admin"
  /** The sign-in e-mail changed: every other session of the account ends. */
  | "email_changed"
  /** The old address undid an e-mail change: every session of the account ends. */
  | "email_reverted";

export async function resolveViewer(deps: Deps, token: string): Promise<Viewer> {
  const check = await verifyAccessToken(token, deps.config.jwtSecret);
  if (!check.ok) {
    throw new UnauthenticatedError(
      check.reason === "expired" ? "Access token expired" : "Invalid access token",
    );
  }
  const { sid, sub } = check.claims;
  const cached = deps.config.viewerCache ? cachedViewer(deps, sid, sub) : null;
  if (cached) return cached;
  const generation = cacheGeneration(deps);
  const row = await sessionCheckRow(readStore(deps.sql), sid);
  if (!row || row.userId !== sub) throw new UnauthenticatedError("Invalid access token");
  const session = { revokedAt: row.revokedAt, revokedReason: row.revokedReason, expiresAt: row.expiresAt };
  assertSessionLive(session);
  const viewer: Viewer = {
    id: row.userId,
    userId: row.userKey,
    email: row.email,
    role: row.role as Role,
    sessionId: row.id,
    platform: row.platform,
  };
  if (deps.config.viewerCache) rememberViewer(deps, viewer, sub, session.expiresAt, generation);
  return viewer;
}

function assertSessionLive(session: {
  revokedAt: Date | null;
  revokedReason: string | null;
  expiresAt: Date;
}) {
  if (session.revokedAt) {
    throw new SessionEndedError(
      session.revokedReason === "replaced" ? SESSION_REPLACED_LOGOUT_MESSAGE : SESSION_ENDED_MESSAGE,
    );
  }
  if (session.expiresAt.getTime() <= Date.now()) throw new SessionEndedError();
}

export async function activeSession(deps: Deps, userId: string, platform: string) {
  return deps.db.session.findFirst({
    where: { userId, platform, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
  });
}

/**
 * An open tab refreshes its access token at least once per token lifetime plus the client's
 * 5-minute session check; a session unused for longer belongs to a closed browser.
 */
const CLIENT_CHECK_MS = 5 * 60_000;
const SLACK_MS = 60_000;
export function inUseSince(deps: Deps, now: Date): Date {
  return new Date(now.getTime() - deps.config.accessTokenTtlSeconds * 1000 - CLIENT_CHECK_MS - SLACK_MS);
}

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  rememberMe: boolean;
}

/**
 * Opens a session and closes every other live one of the same user and platform, atomically: on
 * PostgreSQL the user's row is locked first, so concurrent logins of one user take turns and each
 * sees the session the previous one opened (SQLite runs one write transaction at a time anyway).
 * With `rejectIfActive` (SESSION_POLICY=reject) a live session refuses the login instead.
 */
export async function openSession(
  deps: Deps,
  user: { id: string; role: string },
  options: {
    platform: string;
    rememberMe: boolean;
    ip: string;
    userAgent: string | null;
    rejectIfActive?: boolean;
  },
): Promise<IssuedSession & { replaced: number; replacedInUse: number }> {
  const now = new Date();
  const lifetimeMs = options.rememberMe ? REMEMBER_ME_DAYS * 86_400_000 : SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  const refresh = newRefreshToken();
  const { session, replacedIds, replacedInUse } = await deps.db.$transaction(async (tx) => {
    await accounts.use.lockForSignIn(tx, deps.writer.provider, user.id);
    const live = await tx.session.findMany({
      where: { userId: user.id, platform: options.platform, revokedAt: null },
      select: { id: true, expiresAt: true, lastUsedAt: true },
    });
    if (options.rejectIfActive && live.some((row) => row.expiresAt.getTime() > now.getTime())) {
      throw new ConflictError(ALREADY_LOGGED_IN);
    }
    const ids = live.map((row) => row.id);
    if (ids.length > 0) {
      await tx.session.updateMany({
        where: { id: { in: ids }, revokedAt: null },
        data: { revokedAt: now, revokedReason: "replaced" },
      });
    }
    const created = await tx.session.create({
      data: {
        userId: user.id,
        platform: options.platform,
        rememberMe: options.rememberMe,
        expiresAt,
        ip: options.ip,
        userAgent: options.userAgent?.slice(0, 300) ?? null,
        refreshTokens: { create: { tokenHash: refresh.hash } },
      },
    });
    const inUse = live.filter(
      (row) => row.expiresAt.getTime() > now.getTime() && row.lastUsedAt >= inUseSince(deps, now),
    );
    return { session: created, replacedIds: ids, replacedInUse: inUse.length };
  });
  await Promise.all(replacedIds.map((id) => announceSessionEnd(deps, id, "replaced")));
  return {
    sessionId: session.id,
    accessToken: await accessTokenFor(deps, user.id, user.role, session.id),
    refreshToken: refresh.token,
    expiresAt,
    rememberMe: options.rememberMe,
    replaced: replacedIds.length,
    replacedInUse,
  };
}

/** Tells the ended session's open tabs at once, instead of at their next request. */
async function announceSessionEnd(deps: Deps, sessionId: string, reason: RevokeReason): Promise<void> {
  const forgotten = forgetSession(deps, sessionId);
  deps.pubsub.publish(`session:${sessionId}`, {
    reason,
    message: reason === "replaced" ? SESSION_REPLACED_LOGOUT_MESSAGE : SESSION_ENDED_MESSAGE,
  });
  await forgotten;
}

export function accessTokenFor(deps: Deps, userId: string, role: string, sessionId: string): Promise<string> {
  return signAccessToken(
    { sub: userId, sid: sessionId, role },
    deps.config.jwtSecret,
    deps.config.accessTokenTtlSeconds,
  );
}

export type RotationResult =
  | {
      kind: "rotated";
      accessToken: string;
      refreshToken: string;
      session: { expiresAt: Date; rememberMe: boolean };
    }
  | { kind: "grace"; accessToken: string };

/**
 * Exchanges a refresh token for a new pair. A token presented after it was rotated (outside the
 * grace window) means it leaked: the whole session is revoked.
 */
export async function rotateRefreshToken(deps: Deps, presented: string): Promise<RotationResult> {
  const stored = await deps.db.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(presented) },
    include: { session: { include: { user: { select: { id: true, role: true } } } } },
  });
  if (!stored) throw new UnauthenticatedError("Invalid refresh token");
  const { session } = stored;
  assertSessionLive(session);
  if (stored.rotatedAt) {
    if (Date.now() - stored.rotatedAt.getTime() <= ROTATION_GRACE_MS) {
      return {
        kind: "grace",
        accessToken: await accessTokenFor(deps, session.user.id, session.user.role, session.id),
      };
    }
    await revokeSession(deps, session.id, "reuse");
    throw new SessionEndedError();
  }
  const next = newRefreshToken();
  const now = new Date();
  const claimed = await deps.db.$transaction(async (tx) => {
    const marked = await tx.refreshToken.updateMany({
      where: { id: stored.id, rotatedAt: null },
      data: { rotatedAt: now },
    });
    if (marked.count === 0) return false;
    await tx.refreshToken.create({ data: { sessionId: session.id, tokenHash: next.hash } });
    await tx.session.update({ where: { id: session.id }, data: { lastUsedAt: now } });
    return true;
  });
  if (!claimed) return rotateRefreshToken(deps, presented);
  return {
    kind: "rotated",
    accessToken: await accessTokenFor(deps, session.user.id, session.user.role, session.id),
    refreshToken: next.token,
    session: { expiresAt: session.expiresAt, rememberMe: session.rememberMe },
  };
}

export async function revokeSession(deps: Deps, sessionId: string, reason: RevokeReason): Promise<void> {
  const updated = await deps.db.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  if (updated.count > 0) await announceSessionEnd(deps, sessionId, reason);
}

/**
 * Ends every live session of a user (e.g. once a reset password is used), telling each at once;
 * `exceptSessionId` keeps the caller's own. Answers how many were ended.
 */
export async function revokeUserSessions(
  deps: Deps,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
): Promise<number> {
  const live = await unrevokedSessionIds(deps, userId, exceptSessionId);
  for (const id of live) await revokeSession(deps, id, reason);
  return live.length;
}

/**
 * A role change keeps the user's sessions (their next request already runs as the new role), but
 * their open tabs show the old role's screens and keep the old role: each session's tabs are told
 * to sign in again, on every instance.
 */
export async function announceRoleChange(deps: Deps, userId: string): Promise<void> {
  for (const id of await unrevokedSessionIds(deps, userId)) {
    deps.pubsub.publish(`session:${id}`, { reason: "role_changed", message: ROLE_CHANGED_MESSAGE });
  }
}

/** The user's sessions nobody ended; `exceptSessionId` leaves the caller's own out. */
async function unrevokedSessionIds(deps: Deps, userId: string, exceptSessionId?: string): Promise<string[]> {
  const sessions = await deps.db.session.findMany({
    where: { userId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    select: { id: true },
  });
  return sessions.map((session) => session.id);
}

/** The session a refresh cookie belongs to, if it is still live. */
export async function sessionOfRefreshToken(deps: Deps, presented: string | undefined) {
  if (!presented) return null;
  const stored = await deps.db.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(presented) },
    include: { session: { include: { user: true } } },
  });
  const session = stored?.session;
  if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
  return session;
}
