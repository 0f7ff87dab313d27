/** The screen each header-search hit opens. */
export type SearchHitKind = "LOAD" | "ROUTE" | "CARRIER" | "INVOICE" | "BILL";

const BASE: Record<SearchHitKind, string> = {
  LOAD: "/admin/ila/load/",
  ROUTE: "/admin/ila/routing/",
  CARRIER: "/admin/ila/carriers/",
  INVOICE: "/admin/ila/billing/accounts-receivable/",
  BILL: "/admin/ila/billing/accounts-payable/",
};

export const SEARCH_KIND_LABEL: Record<SearchHitKind, string> = {
  LOAD: "Loads",
  ROUTE: "Routes",
  CARRIER: "Carriers",
  INVOICE: "Invoices",
  BILL: "Bills",
};

export function searchHitPath(kind: SearchHitKind, key: string): string {
  return `${BASE[kind]}${encodeURIComponent(key)}`;
}

/** '/' focuses the search unless the user is typing somewhere already. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
