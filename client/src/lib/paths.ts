/** Where people land and how the areas guard each other (spec section 2, "Guarding and redirects"). */

export const LOGIN_PATH = "/login";
export const ADMIN_HOME = "/admin/ila/load";
export const CARRIER_HOME = "/carrier/carrier-portal/active-offers";
export const CONFIRM_DETAILS_PATH = "/carrier/carrier-portal/confirm-details";

export const PUBLIC_PATHS = ["/", "/login", "/signup", "/forgot-password", "/unsupported-email"] as const;
/** Where an e-mailed invitation link points: /invitation/{token}. */
export const INVITATION_PATH = "/invitation";
/** Where the link mailed to the old address after an e-mail change points: /revert-email?token=... */
export const REVERT_EMAIL_PATH = "/revert-email";
/** Operator screens outside /admin that the sidebar knows. */
export const ADMIN_EXTRA_PATHS = ["/support-hub", "/workspace-control"] as const;

export interface SignedInAs {
  token: string | null;
  role: string | null;
}

export type GuardDecision = { kind: "allow" } | { kind: "redirect"; to: string };

export const isAdminRole = (role: string | null | undefined): boolean => role === "ADMIN";

export function homeFor(role: string | null | undefined): string {
  return isAdminRole(role) ? ADMIN_HOME : CARRIER_HOME;
}

export function profilePathFor(role: string | null | undefined): string {
  return isAdminRole(role) ? "/admin/my-profile" : "/carrier/my-profile";
}

export function confirmDetailsPath(loadId: string): string {
  return `${CONFIRM_DETAILS_PATH}/${encodeURIComponent(loadId)}`;
}

/** True for `/area` itself and anything below it, not for `/areaother`. */
export function isUnder(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

function normalized(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** Spec: both a token and a role must be stored for the visitor to count as signed in. */
export function isSignedIn(session: SignedInAs): boolean {
  return Boolean(session.token && session.role);
}

/**
 * The one guard rule for every path: public pages send signed-in visitors home, guarded areas
 * send anonymous ones to /login, an ADMIN on /carrier/... moves to the same path under /admin,
 * anyone else on an operator path goes to the carrier home. Unknown paths are allowed (404 page).
 */
export function guardDecision(
  pathname: string,
  session: SignedInAs,
  rest: { search?: string; hash?: string } = {},
): GuardDecision {
  const path = normalized(pathname);
  const signedIn = isSignedIn(session);
  // An invitation link opens whoever is signed in: the invitee sets a password there.
  if (isUnder(path, INVITATION_PATH)) return { kind: "allow" };
  // So does the way back from an e-mail change: whoever is signed in may be the one who changed it.
  if (path === REVERT_EMAIL_PATH) return { kind: "allow" };
  if ((PUBLIC_PATHS as readonly string[]).includes(path)) {
    return signedIn ? { kind: "redirect", to: homeFor(session.role) } : { kind: "allow" };
  }
  const operatorArea = isUnder(path, "/admin") || ADMIN_EXTRA_PATHS.some((area) => isUnder(path, area));
  const carrierArea = isUnder(path, "/carrier");
  if (!operatorArea && !carrierArea) return { kind: "allow" };
  if (!signedIn) return { kind: "redirect", to: LOGIN_PATH };
  const admin = isAdminRole(session.role);
  if (carrierArea && admin) {
    return {
      kind: "redirect",
      to: `/admin${path.slice("/carrier".length)}${rest.search ?? ""}${rest.hash ?? ""}`,
    };
  }
  if (operatorArea && !admin) return { kind: "redirect", to: CARRIER_HOME };
  return { kind: "allow" };
}

/** After login: the role's home, except the GraphiQL hand-off the server asks for (`?next=/graphql`). */
export function afterLoginTarget(role: string, next: string | null): { path: string; fullPage: boolean } {
  if (next === "/graphql" && isAdminRole(role)) return { path: next, fullPage: true };
  return { path: homeFor(role), fullPage: false };
}
