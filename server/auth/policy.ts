import { type DomainError, ForbiddenError, UnauthenticatedError } from "../errors.ts";

export type Role = "ADMIN" | "CARRIER";

/** The signed-in user behind a request, resolved from a live session. */
export interface Viewer {
  id: string;
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  platform: string;
}

/**
 * Every authorization rule, once. GraphQL scopes and the REST layer both ask these, and services
 * call the `require` helpers before they write.
 */
export const policy = {
  isAuthenticated: (viewer: Viewer | null): viewer is Viewer => viewer !== null,
  isAdmin: (viewer: Viewer | null): boolean => viewer?.role === "ADMIN",
  isCarrier: (viewer: Viewer | null): boolean => viewer !== null && viewer.role !== "ADMIN",
  isOwner: (viewer: Viewer | null, userId: string): boolean => viewer?.id === userId,
  isSelfOrAdmin: (viewer: Viewer | null, userId: string): boolean =>
    viewer !== null && (viewer.role === "ADMIN" || viewer.id === userId),
};

/**
 * A driver who opened a trip link (driver app, issue #30): no user account, scoped to one load.
 * It is never a `viewer`, so every rule that asks for one refuses it; only the paths that name
 * the trip viewer (the trip, its positions, stop check-ins and documents) let it in.
 */
export interface TripViewer {
  /** The TripLink row the access token was bought with (re-checked on every request). */
  linkId: string;
  loadDbId: string;
  loadId: string;
  driverName: string;
  /** When the trip link stops working. */
  linkExpiresAt: Date;
  /** When the link was issued (the dispatch): the trip's positions start there. */
  dispatchedAt: Date;
}

/**
 * Who is asking. A bad or stale token does not fail the request by itself (public calls such as
 * login still work); it is reported when something needs a viewer.
 */
export interface Auth {
  viewer: Viewer | null;
  viewerError: DomainError | null;
  /** A driver's trip session instead of a signed-in user (viewer is then null). */
  trip?: TripViewer | null;
}

export function authFailure(auth: Auth): DomainError {
  return auth.viewerError ?? new UnauthenticatedError();
}

export function requireViewer(auth: Auth): Viewer {
  if (!auth.viewer) throw authFailure(auth);
  return auth.viewer;
}

export function requireAdmin(auth: Auth): Viewer {
  const viewer = requireViewer(auth);
  if (!policy.isAdmin(viewer)) throw new ForbiddenError("Administrators only.");
  return viewer;
}

export function requireSelfOrAdmin(auth: Auth, userId: string): Viewer {
  const viewer = requireViewer(auth);
  if (!policy.isSelfOrAdmin(viewer, userId)) throw new ForbiddenError();
  return viewer;
}
