import {
  ALREADY_LOGGED_IN,
  DOMAIN_NOT_PERMITTED,
  EMAIL_TAKEN,
  LOGIN_FAILED,
  loginInput,
  logoutInput,
  registerInput,
  SESSION_REPLACED_MESSAGE,
  sendEmailInput,
  TEMPORARY_PASSWORD_SENT,
} from "../../common/auth.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { Context } from "../context.ts";
import { ConflictError, DomainError, UnauthenticatedError, ValidationError } from "../errors.ts";
import type { User } from "../generated/sqlite/client.ts";
import { serializeCookie } from "../http/cookies.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { parseInput } from "../lib/validate.ts";
import { enqueueEmail } from "../mail/service.ts";
import { logger } from "../ops/logger.ts";
import { accounts } from "./accounts.ts";
import { REFRESH_COOKIE } from "./cookie-names.ts";
import { emailDomain, isDomainBlocked } from "./email-domains.ts";
import { generateTemporaryPassword, hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords.ts";
import { type Role, requireViewer } from "./policy.ts";
import {
  assertForgotPasswordAllowed,
  assertLoginAllowed,
  assertSignupAllowed,
  recordLoginAttempt,
} from "./rate-limit.ts";
import {
  activeSession,
  type IssuedSession,
  openSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from "./sessions.ts";
import { assertMaySignIn } from "./sign-in-guard.ts";
import { isInvitedFromWaitlist } from "./waitlist-admin.ts";

const TEMPORARY_PASSWORD_MINUTES = 60;
/** One e-mail a minute per account at most, whoever asks. */
const RESEND_AFTER_MS = 60_000;

export interface SignedIn {
  user: User;
  accessToken: string;
  sessionReplaced: boolean;
  message: string;
}

/** The rest of this request acts as the user who just signed in. */
function actAs(ctx: Context, user: User, session: IssuedSession, platform: string) {
  ctx.viewer = {
    id: user.id,
    userId: user.userId,
    email: user.email,
    role: user.role as Role,
    sessionId: session.sessionId,
    platform,
  };
  ctx.viewerError = null;
}

function setRefreshCookie(
  ctx: Context,
  session: Pick<IssuedSession, "refreshToken" | "rememberMe" | "expiresAt">,
) {
  ctx.meta.responseCookies.push(
    serializeCookie(REFRESH_COOKIE, session.refreshToken, {
      secure: ctx.config.secureCookies,
      maxAgeSeconds: session.rememberMe ? (session.expiresAt.getTime() - Date.now()) / 1000 : undefined,
    }),
  );
}

function clearRefreshCookie(ctx: Context) {
  ctx.meta.responseCookies.push(
    serializeCookie(REFRESH_COOKIE, "", { secure: ctx.config.secureCookies, maxAgeSeconds: 0 }),
  );
}

/** Checks the password, or a temporary one from "forgot password" (which then becomes the password). */
async function checkCredentials(ctx: Context, email: string, password: string): Promise<User | null> {
  const user = await accounts.use.byEmail(ctx.db, email);
  if (!user) return verifyAgainstDecoy(password).then(() => null);
  if (await verifyPassword(password, user.passwordHash)) return user;
  const temporaryValid =
    user.tempPasswordHash &&
    user.tempPasswordExpiresAt &&
    user.tempPasswordExpiresAt.getTime() > Date.now() &&
    (await verifyPassword(password, user.tempPasswordHash));
  if (!temporaryValid) return null;
  const updated = await accounts.use.adoptTemporaryPassword(ctx.db, user.id, user.tempPasswordHash!);
  // A reset password ends every session opened with the old one (and closes their sockets).
  await revokeUserSessions(ctx, user.id, "password_reset");
  return updated;
}

export async function login(ctx: Context, rawInput: unknown): Promise<SignedIn> {
  const input = parseInput(loginInput, rawInput);
  await assertLoginAllowed(ctx, input.email);
  const user = await checkCredentials(ctx, input.email, input.password);
  if (!user) {
    await recordLoginAttempt(ctx, input.email, false);
    throw new UnauthenticatedError(LOGIN_FAILED);
  }
  assertMaySignIn(user);
  const rejectIfActive = ctx.config.sessionPolicy === "reject";
  if (rejectIfActive && (await activeSession(ctx, user.id, input.platform))) {
    throw new ConflictError(ALREADY_LOGGED_IN);
  }
  await recordLoginAttempt(ctx, input.email, true);
  const session = await openSession(ctx, user, {
    rejectIfActive,
    platform: input.platform,
    rememberMe: input.rememberMe,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
  });
  setRefreshCookie(ctx, session);
  actAs(ctx, user, session, input.platform);
  await accounts.use.noteSignIn(ctx.db, user.id);
  await recordAudit(ctx.db, {
    actor: auditActor(ctx, user.id),
    action: "auth.login",
    entityType: "Session",
    entityId: session.sessionId,
    details: { platform: input.platform, replaced: session.replaced },
  });
  // Only a session in use was really replaced: not one a closed browser left behind.
  const sessionReplaced = session.replacedInUse > 0;
  return {
    user,
    accessToken: session.accessToken,
    sessionReplaced,
    message: sessionReplaced ? SESSION_REPLACED_MESSAGE : "Login successful",
  };
}

/** Creates a carrier account and signs it in. A refused domain goes on the waitlist. */
export async function register(ctx: Context, rawInput: unknown): Promise<SignedIn> {
  const input = parseInput(registerInput, rawInput);
  await assertSignupAllowed(ctx);
  if (
    isDomainBlocked(input.email, ctx.config.blockedEmailDomains) &&
    !(await isInvitedFromWaitlist(ctx.db, input.email))
  ) {
    await ctx.db.emailWaitlist.upsert({
      where: { email: input.email },
      create: { email: input.email, domain: emailDomain(input.email) },
      update: {},
    });
    throw new ValidationError(DOMAIN_NOT_PERMITTED, [{ field: "email", message: DOMAIN_NOT_PERMITTED }]);
  }
  if (await accounts.use.emailInUse(ctx.db, input.email)) {
    throw new ConflictError(EMAIL_TAKEN, "email");
  }
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await ctx.db.$transaction(async (tx) => {
      const created = await accounts.use.create(tx, {
        email: input.email,
        passwordHash,
        role: "CARRIER",
        phoneNumber: input.phoneNumber,
        contactPhone: input.phoneNumber,
        userId: accounts.use.newUserId(),
        approvalStatus: accounts.use.initialApprovalStatus(ctx.config),
        lastSignInAt: new Date(),
      });
      await recordAudit(tx, {
        actor: auditActor(ctx, created.id),
        action: "auth.register",
        entityType: "User",
        entityId: created.id,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN, "email");
    throw error;
  }
  const session = await openSession(ctx, user, {
    platform: input.platform,
    rememberMe: false,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
  });
  setRefreshCookie(ctx, session);
  actAs(ctx, user, session, input.platform);
  return { user, accessToken: session.accessToken, sessionReplaced: false, message: "Account created" };
}

/** Swaps the refresh cookie for a new access token (and a rotated cookie). */
export async function refreshAccessToken(ctx: Context): Promise<string> {
  const presented = ctx.meta.cookies[REFRESH_COOKIE];
  if (!presented) throw new UnauthenticatedError("No refresh token");
  try {
    const result = await rotateRefreshToken(ctx, presented);
    if (result.kind === "rotated")
      setRefreshCookie(ctx, { ...result.session, refreshToken: result.refreshToken });
    return result.accessToken;
  } catch (error) {
    if (error instanceof DomainError) clearRefreshCookie(ctx);
    throw error;
  }
}

/**
 * Ends the caller's session: the one of its access token, or else the one of its refresh cookie
 * when that belongs to the named user. The cookie is cleared either way.
 */
export async function logout(ctx: Context, rawInput: unknown): Promise<void> {
  const input = parseInput(logoutInput, rawInput);
  clearRefreshCookie(ctx);
  const fromCookie = await sessionOfRefreshToken(ctx, ctx.meta.cookies[REFRESH_COOKIE]);
  const sessionId =
    ctx.viewer && (!input._id || input._id === ctx.viewer.id || input._id === ctx.viewer.userId)
      ? ctx.viewer.sessionId
      : fromCookie && (!input._id || input._id === fromCookie.userId || input._id === fromCookie.user.userId)
        ? fromCookie.id
        : null;
  if (!sessionId) return;
  await revokeSession(ctx, sessionId, "logout");
  await recordAudit(ctx.db, {
    actor: auditActor(ctx, ctx.viewer?.id ?? fromCookie?.userId ?? null),
    action: "auth.logout",
    entityType: "Session",
    entityId: sessionId,
  });
}

export async function checkSession(ctx: Context) {
  const viewer = requireViewer(ctx);
  const user = await accounts.use.byId(ctx, viewer.id);
  if (!user) throw new UnauthenticatedError("Invalid access token");
  return { user, platform: viewer.platform };
}

/**
 * "Forgot password": e-mails a temporary password valid for an hour; the current password keeps
 * working until the temporary one is used. The answer never tells whether the address exists: it
 * is the same text, status and timing for every address (the budget counts every call alike), and
 * the lookup, hashing and mail happen after the response, off its path.
 */
export async function sendTemporaryPassword(ctx: Context, rawInput: unknown): Promise<string> {
  const { email } = parseInput(sendEmailInput, rawInput);
  await assertForgotPasswordAllowed(ctx);
  runInBackground(() => issueTemporaryPassword(ctx, email));
  return TEMPORARY_PASSWORD_SENT;
}

/** One after another: two quick asks for one account then see each other's temporary password. */
let backgroundTail: Promise<void> = Promise.resolve();
let backgroundPending = 0;

function runInBackground(task: () => Promise<void>) {
  backgroundPending++;
  backgroundTail = backgroundTail
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(task)
    .catch((error) => logger.error({ err: error }, "forgot password: the temporary password was not sent"))
    .finally(() => {
      backgroundPending--;
    });
}

/** Resolves once the temporary passwords asked for so far are issued and mailed (tests, shutdown). */
export async function settleBackgroundWork(): Promise<void> {
  while (backgroundPending > 0) await backgroundTail;
}

async function issueTemporaryPassword(ctx: Context, email: string): Promise<void> {
  const user = await accounts.use.byEmail(ctx.db, email);
  if (!user) return;
  const issuedAt = (user.tempPasswordExpiresAt?.getTime() ?? 0) - TEMPORARY_PASSWORD_MINUTES * 60_000;
  if (Date.now() - issuedAt < RESEND_AFTER_MS) return;
  const temporary = generateTemporaryPassword();
  const hash = await hashPassword(temporary);
  await ctx.db.$transaction(async (tx) => {
    await accounts.use.setTemporaryPassword(
      tx,
      user.id,
      hash,
      new Date(Date.now() + TEMPORARY_PASSWORD_MINUTES * 60_000),
    );
    await recordAudit(tx, {
      actor: auditActor(ctx, null),
      action: "auth.temporary_password",
      entityType: "User",
      entityId: user.id,
    });
    await enqueueEmail(tx, {
      kind: "temporary_password",
      to: user.email,
      subject: "Your Freightway temporary password",
      text: [
        "Someone asked for a temporary password for your Freightway account.",
        "",
        `Temporary password: ${temporary}`,
        "",
        `It works once within ${TEMPORARY_PASSWORD_MINUTES} minutes and then becomes your password; change it from My Profile.`,
        "If you did not ask for it, ignore this message: your current password still works.",
      ].join("\n"),
    });
  });
  ctx.mailOutbox.wake();
}
