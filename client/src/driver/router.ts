import { useSyncExternalStore } from "react";

export type DriverRoute =
  | { name: "home" }
  | { name: "link"; token: string }
  | { name: "trip"; loadId: string }
  | { name: "notFound" };

/** The driver app's paths: /driver, /driver/trip/<token> (a trip link), /driver/trips/<loadId>. */
export function parseDriverPath(pathname: string): DriverRoute {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/driver") return { name: "home" };
  const link = /^\/driver\/trip\/([^/]+)$/.exec(path);
  if (link) return { name: "link", token: decodeURIComponent(link[1]) };
  const trip = /^\/driver\/trips\/([^/]+)$/.exec(path);
  if (trip) return { name: "trip", loadId: decodeURIComponent(trip[1]) };
  return { name: "notFound" };
}

export const tripPath = (loadId: string) => `/driver/trips/${encodeURIComponent(loadId)}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

/** The current path (a handful of screens: no router library needed in this small bundle). */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
