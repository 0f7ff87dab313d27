/**
 * A screen title such as 'ILA / Load / L-1' read as breadcrumbs: every part but the last that
 * names a screen links to it ('Load' goes to the load list). The title's text stays exactly the
 * spec's: the parts are joined back with ' / '.
 */
export interface Crumb {
  label: string;
  /** Where the part links to; null for a group name ('ILA') or the current screen. */
  to: string | null;
}

export const TITLE_SEPARATOR = " / ";
export const APP_NAME = "Freightway";

type Area = "admin" | "carrier";

const ADMIN_SCREENS: Record<string, string> = {
  Load: "/admin/ila/load",
  Routing: "/admin/ila/routing",
  Carrier: "/admin/ila/carriers",
  Carriers: "/admin/ila/carriers",
  Tracking: "/admin/ila/tracking",
  Billing: "/admin/ila/billing",
  "Accounts Receivable": "/admin/ila/billing?ledger=receivable",
  "Accounts Payable": "/admin/ila/billing?ledger=payable",
  "Active Offers": "/admin/carrier-portal/active-offers",
  "History Logs": "/admin/carrier-portal/history-logs",
};

const CARRIER_SCREENS: Record<string, string> = {
  "Active Offers": "/carrier/carrier-portal/active-offers",
  "History Wins": "/carrier/carrier-portal/history-wins",
  "My Bills": "/carrier/carrier-portal/my-bills",
};

export function areaOf(pathname: string): Area {
  return pathname === "/carrier" || pathname.startsWith("/carrier/") ? "carrier" : "admin";
}

export function breadcrumbsOf(title: string, area: Area): Crumb[] {
  const screens = area === "carrier" ? CARRIER_SCREENS : ADMIN_SCREENS;
  const parts = title.split(TITLE_SEPARATOR);
  return parts.map((label, index) => ({
    label,
    to: index < parts.length - 1 ? (screens[label] ?? null) : null,
  }));
}

/** The browser tab's title for a screen title: the most specific part first, then the app. */
export function documentTitleOf(title: string): string {
  const parts = title
    .split("/")
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  return [...parts, APP_NAME].join(" · ");
}
