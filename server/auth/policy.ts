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
 * Who is asking. A bad or stale token does not fail the request by itself (public calls such as
 * login still work); it is reported when something needs a viewer.
 */
export interface Auth {
  viewer: Viewer | null;
  viewerError: DomainError | null;
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
