import { randomUUID } from "node:crypto";
import { auditIpOf } from "./audit/actor.ts";
import type { Auth } from "./auth/policy.ts";
import { resolveViewer } from "./auth/sessions.ts";
import { STAFF_CONSOLE_HEADER, staffTokenFromCookie } from "./auth/staff-console.ts";
import { bearerToken } from "./auth/tokens.ts";
import { tripViewers } from "./auth/trip-viewers.ts";
import type { Deps } from "./deps.ts";
import { DomainError } from "./errors.ts";
import { parseCookies } from "./http/cookies.ts";

export interface RequestMeta {
  ip: string;
  /** The address audit rows record (see audit/actor.ts): null when unknown and for system contexts. */
  auditIp: string | null;
  userAgent: string | null;
  requestId: string;
  /** Incoming cookies (HTTP only). */
  cookies: Record<string, string>;
  /** Set-Cookie values the response must carry. */
  responseCookies: string[];
}

export interface Context extends Deps, Auth {
  meta: RequestMeta;
}

async function authFromToken(deps: Deps, token: string | null): Promise<Auth> {
  if (!token) return { viewer: null, viewerError: null };
  try {
    // A driver's trip token (driver app) is no user's: it makes a trip viewer, never a viewer.
    const trip = await tripViewers.use(deps, token);
    if (trip) return { viewer: null, viewerError: null, trip };
    return { viewer: await resolveViewer(deps, token), viewerError: null };
  } catch (error) {
    if (error instanceof DomainError) return { viewer: null, viewerError: error };
    throw error;
  }
}

export interface TransportInfo {
  ip: string;
  responseCookies: string[];
  /** The HTTP request's id (X-Request-Id), so that what a service logs matches the access line. */
  requestId?: string;
}

/** What a context reads of a request: its headers (a Fetch Request's, or the edge's). */
export interface HeaderSource {
  headers: { get(name: string): string | null };
}

export async function contextFromRequest(
  deps: Deps,
  request: HeaderSource,
  transport: TransportInfo,
): Promise<Context> {
  const token =
    bearerToken(request.headers.get("authorization")) ??
    (request.headers.get(STAFF_CONSOLE_HEADER) === "1"
      ? await staffTokenFromCookie(deps, request.headers.get("cookie"))
      : null);
  return {
    ...deps,
    ...(await authFromToken(deps, token)),
    meta: {
      ip: transport.ip,
      auditIp: auditIpOf(transport.ip),
      userAgent: request.headers.get("user-agent"),
      requestId: transport.requestId ?? randomUUID(),
      cookies: parseCookies(request.headers.get("cookie")),
      responseCookies: transport.responseCookies,
    },
  };
}

/** graphql-ws has no Fetch request: the token travels in connectionParams. */
export function tokenFromConnectionParams(
  connectionParams: Record<string, unknown> | undefined,
): string | null {
  const raw = connectionParams?.authorization ?? connectionParams?.Authorization ?? connectionParams?.token;
  return typeof raw === "string" ? (bearerToken(raw) ?? raw) : null;
}

export async function contextFromConnection(
  deps: Deps,
  connectionParams: Record<string, unknown> | undefined,
  ip: string,
): Promise<Context> {
  const token = tokenFromConnectionParams(connectionParams);
  return {
    ...deps,
    ...(await authFromToken(deps, token)),
    meta: {
      ip,
      auditIp: auditIpOf(ip),
      userAgent: null,
      requestId: randomUUID(),
      cookies: {},
      responseCookies: [],
    },
  };
}

/**
 * For seeds, scripts and tests: a context acting as a given viewer without a request (its audit
 * rows have no address).
 */
export function systemContext(deps: Deps, viewer: Auth["viewer"] = null): Context {
  return {
    ...deps,
    viewer,
    viewerError: null,
    meta: {
      ip: "127.0.0.1",
      auditIp: null,
      userAgent: "system",
      requestId: randomUUID(),
      cookies: {},
      responseCookies: [],
    },
  };
}
