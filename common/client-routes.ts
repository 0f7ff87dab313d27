/**
 * The client's own top-level paths (client/src/routes.tsx): the server answers these with the app's
 * index.html and every other unknown path with a JSON 404. A pattern is an exact path, a path with
 * one `:param` segment, or an area ending in `/*` (the area itself and anything below it: the
 * client shows its own not-found screen there). test/unit/client-routes.test.ts keeps this list
 * and routes.tsx in step.
 */
export const CLIENT_ROUTE_PATTERNS = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/unsupported-email",
  "/track/:token",
  "/invitation/:token",
  "/setup",
  "/revert-email",
  "/admin/*",
  "/carrier/*",
  "/support-hub",
  "/workspace-control",
] as const;

function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith("/*")) {
    const area = pattern.slice(0, -2);
    return pathname === area || pathname.startsWith(`${area}/`);
  }
  const wanted = pattern.split("/");
  const parts = pathname.split("/");
  if (wanted.length !== parts.length) return false;
  return wanted.every((segment, index) =>
    segment.startsWith(":") ? parts[index] !== "" : segment === parts[index],
  );
}

/** Whether the client app has a screen (or its own not-found screen) for this path. */
export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return CLIENT_ROUTE_PATTERNS.some((pattern) => matches(pattern, path));
}

/** The driver app (its own page, driver.html, and service worker): `/driver` and everything below it. */
export function isDriverRoute(pathname: string): boolean {
  return pathname === "/driver" || pathname.startsWith("/driver/");
}
