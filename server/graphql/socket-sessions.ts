import { setImmediate as nextTurn } from "node:timers/promises";
import { type DocumentNode, Kind } from "graphql";
import { ROLE_CHANGED_MESSAGE, SESSION_ENDED_MESSAGE } from "../../common/session-messages.ts";
import type { Viewer } from "../auth/policy.ts";
import { resolveViewer } from "../auth/sessions.ts";
import { verifyAccessToken } from "../auth/tokens.ts";
import { TRIP_ROLE, tripViewers } from "../auth/trip-viewers.ts";
import type { Deps } from "../deps.ts";
import { DomainError } from "../errors.ts";

/** graphql-ws' close code for "unauthorized": the client signs in (or refreshes) and reconnects. */
export const SOCKET_ENDED_CODE = 4401;
/** graphql-ws' close code for "forbidden": a disabled or not yet approved account. */
export const SOCKET_FORBIDDEN_CODE = 4403;
/**
 * The socket's access token expired (the session lives on). Not among graphql-ws' fatal codes, so
 * the client reconnects: its connectionParams refresh the token first, and graphql-ws subscribes
 * again to every operation still open (with 4401 they ended and a screen left open went deaf).
 */
export const SOCKET_TOKEN_EXPIRED_CODE = 4419;
const TOKEN_EXPIRED_REASON = "Access token expired";

/** What a connecting socket's token turned out to be. */
export type AttachOutcome = "attached" | "anonymous" | "invalid" | "expired" | "forbidden";
/** Lets an event already on its way (sessionEnded tells the tab why) reach the socket first. */
export const SOCKET_CLOSE_GRACE_MS = 100;

export interface ClosableSocket {
  close(code: number, reason: string): void;
  once(event: "close", listener: () => void): unknown;
}

interface Tracked {
  /** Running operations by id; `notice` ones (sessionEnded) may still deliver once it ended. */
  operations: Map<string, { notice: boolean; stop(): void }>;
  ended: boolean;
  release(): void;
}

/** An operation that only asks for `sessionEnded`: the one thing an ended session still hears. */
export function isSessionNotice(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = document.definitions.find(
    (definition) =>
      definition.kind === Kind.OPERATION_DEFINITION &&
      (!operationName || definition.name?.value === operationName),
  );
  if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== "subscription") return false;
  return operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === Kind.FIELD && ["sessionEnded", "__typename"].includes(selection.name.value),
  );
}

/** A close reason must fit in 123 bytes. */
function closeReason(message: string): string {
  const bytes = Buffer.from(message);
  return bytes.length <= 120
    ? message
    : `${bytes
        .subarray(0, 117)
        .toString("utf8")
        .replace(/\uFFFD$/, "")}...`;
}

/**
 * Ties each graphql-ws socket to the session and access token it connected with: the socket
 * closes when that session ends anywhere (logout, replacement, password reset, revocation, on any
 * instance: the `session:<id>` topic travels through Redis) and when the token expires. From the
 * moment the session ends its operations stop and deliver nothing more, except the sessionEnded
 * notice that tells the tab why, for which the close waits a moment.
 */
export function createSocketSessions(deps: Deps) {
  const sockets = new Map<ClosableSocket, Tracked>();

  function end(socket: ClosableSocket, message: string) {
    const tracked = sockets.get(socket);
    if (!tracked || tracked.ended) return;
    tracked.ended = true;
    for (const operation of tracked.operations.values()) if (!operation.notice) operation.stop();
    tracked.release();
    setTimeout(() => socket.close(SOCKET_ENDED_CODE, closeReason(message)), SOCKET_CLOSE_GRACE_MS);
  }

  /** No notice to wait for and no operation completed: the client resubscribes them on its new socket. */
  function expire(socket: ClosableSocket) {
    const tracked = sockets.get(socket);
    if (!tracked || tracked.ended) return;
    tracked.ended = true;
    tracked.release();
    socket.close(SOCKET_TOKEN_EXPIRED_CODE, TOKEN_EXPIRED_REASON);
  }

  return {
    /**
     * On connect: follow the session, the user's role and the token's lifetime. Only a live token
     * is "attached"; anything else is said, and the caller closes the socket.
     */
    async attach(socket: ClosableSocket, token: string | null): Promise<AttachOutcome> {
      if (!token) return "anonymous";
      const check = await verifyAccessToken(token, deps.config.jwtSecret);
      if (!check.ok) {
        // Expired before the socket got here (a slow connect): end it as if it expired while open,
        // so the client refreshes and reconnects instead of keeping a socket that can do nothing.
        if (check.reason === "expired") {
          setTimeout(
            () => socket.close(SOCKET_TOKEN_EXPIRED_CODE, TOKEN_EXPIRED_REASON),
            SOCKET_CLOSE_GRACE_MS,
          );
          return "expired";
        }
        return "invalid";
      }
      // A driver's trip token has no user session: its trip link (the `sid`) is what ends it.
      const trip = check.claims.role === TRIP_ROLE;
      let viewer: Viewer | null = null;
      try {
        if (trip) await tripViewers.use(deps, token);
        else viewer = await resolveViewer(deps, token);
      } catch (error) {
        if (error instanceof DomainError) return error.status === 403 ? "forbidden" : "invalid";
        throw error;
      }
      const events = deps.pubsub.subscribe(`session:${check.claims.sid}`);
      const userChanges = deps.pubsub.subscribe("sessions:changed");
      const expiry = setTimeout(
        () => expire(socket),
        Math.max(0, Math.min(check.expiresAt - Date.now(), 2 ** 31 - 1)),
      );
      const tracked: Tracked = {
        operations: new Map(),
        ended: false,
        release: () => {
          clearTimeout(expiry);
          void events.return?.();
          void userChanges.return?.();
        },
      };
      sockets.set(socket, tracked);
      socket.once("close", () => {
        tracked.release();
        sockets.delete(socket);
      });
      void (async () => {
        for await (const event of events) {
          end(socket, event.message);
          return;
        }
      })();
      // A role change (or disabling) reaches running operations too: their context holds the role
      // they started with, so the socket ends. The session's notice (announceRoleChange) tells the
      // tab to sign in again as who it is now.
      void (async () => {
        if (!viewer) return;
        for await (const change of userChanges) {
          if (change.userId !== viewer.id) continue;
          await nextTurn(); // after the viewer cache has dropped this user (viewer-cache.ts)
          const now = await resolveViewer(deps, token).catch((error: unknown) =>
            error instanceof DomainError ? null : Promise.reject(error),
          );
          if (now?.role === viewer.role) continue;
          end(socket, now ? ROLE_CHANGED_MESSAGE : SESSION_ENDED_MESSAGE);
          return;
        }
      })();
      return "attached";
    },
    /** Each running operation, so that an ended session stops them all at once. */
    track(socket: ClosableSocket, id: string, operation: { notice: boolean; stop(): void }): void {
      sockets.get(socket)?.operations.set(id, operation);
    },
    untrack(socket: ClosableSocket, id: string): void {
      sockets.get(socket)?.operations.delete(id);
    },
    isEnded(socket: ClosableSocket): boolean {
      return sockets.get(socket)?.ended ?? false;
    },
    /** Whether a result of this operation may still go out on this socket. */
    mayDeliver(socket: ClosableSocket, id: string): boolean {
      const tracked = sockets.get(socket);
      return !tracked?.ended || (tracked.operations.get(id)?.notice ?? false);
    },
  };
}
