import type { Deps } from "../deps.ts";
import { parseCookies } from "../http/cookies.ts";
import { REFRESH_COOKIE } from "./cookie-names.ts";
import { accessTokenFor, sessionOfRefreshToken } from "./sessions.ts";

/**
 * GraphiQL (the support staff's console) signs in by the operator's session cookie, so its page
 * never carries a token. Requests opt in with this header: a cross-origin page cannot send it
 * without a CORS preflight the edge refuses, and the cookie is SameSite=Strict besides.
 */
export const STAFF_CONSOLE_HEADER = "x-freightway-graphiql";

export type StaffSession = NonNullable<Awaited<ReturnType<typeof sessionOfRefreshToken>>>;

/** The live session behind the request's refresh cookie, whatever its role (null when none). */
export async function sessionOfCookie(deps: Deps, cookieHeader: string | null | undefined) {
  return sessionOfRefreshToken(deps, parseCookies(cookieHeader)[REFRESH_COOKIE]);
}

/** A short-lived access token for the cookie's session when it is an operator's; null otherwise. */
export async function staffTokenFromCookie(
  deps: Deps,
  cookieHeader: string | null | undefined,
): Promise<string | null> {
  const session = await sessionOfCookie(deps, cookieHeader);
  if (session?.user.role !== "ADMIN") return null;
  return accessTokenFor(deps, session.userId, session.user.role, session.id);
}
