import type { Deps } from "../deps.ts";
import type { Viewer } from "./policy.ts";

/**
 * Live sessions seen recently, so most requests check their session without a query. Every change
 * that can end a session or alter its viewer goes through `forgetSession`/`forgetUser`, which
 * drop the entry here at once and on every other instance through the pub/sub (Redis across
 * instances). The short lifetime bounds what a lost message could leave behind.
 */
const LIFETIME_MS = 10_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  viewer: Viewer;
  /** The token's subject: a token must name the session's own user. */
  subject: string;
  sessionExpiresAt: number;
  cachedUntil: number;
}

interface ViewerCache {
  entries: Map<string, Entry>;
  /** Bumped by every invalidation: a read that raced one is not stored. */
  generation: number;
}

const caches = new WeakMap<Deps["pubsub"], ViewerCache>();

/** Invalidations this instance sent and waits to see come back (see `forgetSession`). */
const awaited = new Map<string, () => void>();
/** How long a revocation waits for its own invalidation to come back through the pub/sub. */
const ECHO_TIMEOUT_MS = 500;

function changeKey(change: { sessionId?: string; userId?: string }): string {
  return change.sessionId ? `session:${change.sessionId}` : `user:${change.userId}`;
}

function cacheOf(deps: Pick<Deps, "pubsub">): ViewerCache {
  let cache = caches.get(deps.pubsub);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(deps.pubsub, cache);
  }
  return cache;
}

function drop(cache: ViewerCache, change: { sessionId?: string; userId?: string }) {
  cache.generation++;
  if (change.sessionId) cache.entries.delete(change.sessionId);
  if (change.userId) {
    for (const [sessionId, entry] of cache.entries) {
      if (entry.viewer.id === change.userId) cache.entries.delete(sessionId);
    }
  }
}

/** Listens for other instances' invalidations; called once per app, before it serves. */
export function watchSessionChanges(deps: Pick<Deps, "pubsub">): void {
  const cache = cacheOf(deps);
  void (async () => {
    for await (const change of deps.pubsub.subscribe("sessions:changed")) {
      drop(cache, change);
      awaited.get(changeKey(change))?.();
    }
  })();
}

export function cachedViewer(deps: Pick<Deps, "pubsub">, sessionId: string, subject: string): Viewer | null {
  const entry = cacheOf(deps).entries.get(sessionId);
  if (!entry) return null;
  const now = Date.now();
  if (entry.subject !== subject || entry.cachedUntil <= now || entry.sessionExpiresAt <= now) return null;
  return entry.viewer;
}

/** The generation to hand back to `rememberViewer` after reading the session. */
export function cacheGeneration(deps: Pick<Deps, "pubsub">): number {
  return cacheOf(deps).generation;
}

export function rememberViewer(
  deps: Pick<Deps, "pubsub">,
  viewer: Viewer,
  subject: string,
  sessionExpiresAt: Date,
  generation: number,
): void {
  const cache = cacheOf(deps);
  if (cache.generation !== generation) return;
  if (cache.entries.size >= MAX_ENTRIES) {
    const oldest = cache.entries.keys().next().value;
    if (oldest !== undefined) cache.entries.delete(oldest);
  }
  cache.entries.set(viewer.sessionId, {
    viewer,
    subject,
    sessionExpiresAt: sessionExpiresAt.getTime(),
    cachedUntil: Date.now() + LIFETIME_MS,
  });
}

/**
 * Drops the entry here, publishes the invalidation and resolves once it came back through the
 * pub/sub: Redis has then handed it to every instance's subscription, so a request another
 * instance answers after the revocation returned is checked against the database.
 */
function broadcast(
  deps: Pick<Deps, "pubsub">,
  change: { sessionId?: string; userId?: string },
): Promise<void> {
  drop(cacheOf(deps), change);
  const key = changeKey(change);
  const echoed = new Promise<void>((resolve) => {
    const timer = setTimeout(done, ECHO_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      if (awaited.get(key) === done) awaited.delete(key);
      resolve();
    }
    awaited.set(key, done);
  });
  deps.pubsub.publish("sessions:changed", change);
  return echoed;
}

/** A session ended: refuse it from now on, here and on every instance. */
export function forgetSession(deps: Pick<Deps, "pubsub">, sessionId: string): Promise<void> {
  return broadcast(deps, { sessionId });
}

/** A user's sign-in facts (email, role) changed: re-read their sessions. */
export function forgetUser(deps: Pick<Deps, "pubsub">, userId: string): Promise<void> {
  return broadcast(deps, { userId });
}
