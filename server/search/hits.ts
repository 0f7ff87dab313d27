/** One thing the header search found: what it is, its key in the screens' paths, and two lines. */
export type SearchKind = "load" | "route" | "carrier" | "invoice" | "bill";

export interface SearchHit {
  kind: SearchKind;
  /** loadId, routeNumber, carrierId, invoiceNumber or billNumber: what the screen's path takes. */
  key: string;
  title: string;
  detail: string | null;
}

/** The text as every domain's lookup reads it: trimmed, 2 to 100 characters, else nothing. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** At most this many hits per kind. */
export const SEARCH_MAX_PER_KIND = 10;
export const SEARCH_DEFAULT_PER_KIND = 5;

/**
 * An indexed prefix range over a column of upper-case keys ("RT2611", "INV-00"): `gte`/`lt` read the
 * unique index on both databases, where a case-insensitive LIKE would scan.
 */
export function upperPrefix(text: string): { gte: string; lt: string } {
  const prefix = text.toUpperCase();
  return { gte: prefix, lt: `${prefix}\uffff` };
}
