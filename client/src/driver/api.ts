import { readClaims } from "../lib/jwt.ts";
import { CSRF_HEADER } from "../relay/graphql-http.ts";
import { type DriverSession, readSetting, writeSetting } from "./lib/local-db.ts";

const SESSION_KEY = "session";
/** Renew the access token this long before it expires. */
const RENEW_MARGIN_MS = 60_000;

/** The server answered a request with a refusal: `status` and its `code`/`message`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The phone could not reach the server (offline, or the server is down). */
export class OfflineError extends Error {
  constructor() {
    super("Offline");
    this.name = "OfflineError";
  }
}

export async function requestJson<T>(
  path: string,
  init: RequestInit & { token?: string | null } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("accept", "application/json");
  if (typeof init.body === "string") headers.set("content-type", "application/json");
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: "same-origin" });
  } catch {
    throw new OfflineError();
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const { code, message } = (body ?? {}) as { code?: string; message?: string };
    throw new ApiError(
      response.status,
      code ?? `HTTP_${response.status}`,
      message ?? `The server answered ${response.status}.`,
    );
  }
  return body as T;
}

let cached: DriverSession | null | undefined;
const listeners = new Set<() => void>();

export async function loadSession(): Promise<DriverSession | null> {
  cached ??= (await readSetting<DriverSession>(SESSION_KEY)) ?? null;
  return cached;
}

export function currentSession(): DriverSession | null {
  return cached ?? null;
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function saveSession(session: DriverSession | null): Promise<void> {
  cached = session;
  await writeSetting(SESSION_KEY, session ?? undefined);
  for (const listener of listeners) listener();
}

interface TripSessionAnswer {
  accessToken: string;
  expiresAt: string;
  loadId: string;
  driverName: string;
}

/** Exchanges a trip link's token for a short-lived access token scoped to that trip. */
export async function openTripLink(tripToken: string): Promise<DriverSession> {
  const answer = await requestJson<TripSessionAnswer>("/api/driver/session", {
    method: "POST",
    body: JSON.stringify({ token: tripToken }),
  });
  const session: DriverSession = {
    kind: "trip",
    tripToken,
    accessToken: answer.accessToken,
    expiresAt: Date.parse(answer.expiresAt),
    loadId: answer.loadId,
    name: answer.driverName,
  };
  await saveSession(session);
  return session;
}

/** A carrier user signs in on the mobile platform and sees all their carrier's trips. */
export async function signInCarrier(email: string, password: string): Promise<DriverSession> {
  const answer = await requestJson<{ token: string; usuario?: { fullName?: string | null; email?: string } }>(
    "/api/auth/login",
    { method: "POST", body: JSON.stringify({ email, password, platform: "mobile" }) },
  );
  const session: DriverSession = {
    kind: "carrier",
    tripToken: null,
    accessToken: answer.token,
    expiresAt: (readClaims(answer.token)?.exp ?? 0) * 1000,
    loadId: null,
    name: answer.usuario?.fullName || answer.usuario?.email || email,
  };
  await saveSession(session);
  return session;
}

export async function signOut(): Promise<void> {
  const session = currentSession();
  if (session?.kind === "carrier") {
    await requestJson("/api/auth/logout", {
      method: "POST",
      body: JSON.stringify({ platform: "mobile" }),
      token: session.accessToken,
    }).catch(() => undefined);
  }
  await saveSession(null);
}

let renewing: Promise<string | null> | null = null;

/**
 * A usable access token: the stored one, or a fresh one when it expires within a minute (a trip
 * session exchanges its trip token again; a carrier session uses its refresh cookie). Null when the
 * session is gone; throws OfflineError when renewing needs the network and there is none.
 */
export async function accessToken(force = false): Promise<string | null> {
  const session = await loadSession();
  if (!session) return null;
  if (!force && session.expiresAt - Date.now() > RENEW_MARGIN_MS) return session.accessToken;
  renewing ??= renew(session).finally(() => {
    renewing = null;
  });
  return renewing;
}

async function renew(session: DriverSession): Promise<string | null> {
  if (session.kind === "trip" && session.tripToken) {
    try {
      return (await openTripLink(session.tripToken)).accessToken;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await saveSession(null);
        return null;
      }
      throw error;
    }
  }
  const answer = await requestJson<{ data?: { refreshToken?: { accessToken?: string } | null } }>(
    "/graphql",
    {
      method: "POST",
      headers: { [CSRF_HEADER]: "1" },
      body: JSON.stringify({ query: "mutation DriverRefresh { refreshToken { accessToken } }" }),
    },
  );
  const token = answer.data?.refreshToken?.accessToken;
  if (!token) {
    await saveSession(null);
    return null;
  }
  await saveSession({ ...session, accessToken: token, expiresAt: (readClaims(token)?.exp ?? 0) * 1000 });
  return token;
}

/** A request with the session's token; one renewal and retry when the server says it expired. */
export async function authorizedJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = await accessToken();
  if (!token) throw new ApiError(401, "SIGNED_OUT", "Signed out");
  try {
    return await requestJson<T>(path, { ...init, token });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code === "TRIP_LINK_INVALID")
      throw error;
    const fresh = await accessToken(true);
    if (!fresh) throw error;
    return requestJson<T>(path, { ...init, token: fresh });
  }
}
