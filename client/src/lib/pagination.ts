/** Numbered pages of the admin lists (spec section 9: 50 rows per page). */

export const PAGE_SIZE = 50;

export type PageItem = { kind: "page"; page: number } | { kind: "gap"; after: number };

/** At least one page, so an empty list still reads "page 1 of 1". */
export function pageCountOf(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Spec section 4: a list goes back to page 1 when the current page no longer exists. */
export function pageWithin(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Number.isInteger(page) && page >= 1 && page <= pageCountOf(total, pageSize) ? page : 1;
}

/** The first, the last, the current page and its neighbours, with a gap wherever pages are skipped. */
export function pageItems(current: number, count: number): PageItem[] {
  const shown = new Set([1, count, current - 1, current, current + 1]);
  const pages = [...shown].filter((page) => page >= 1 && page <= count).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (previous?.kind === "page" && page > previous.page + 1)
      items.push({ kind: "gap", after: previous.page });
    items.push({ kind: "page", page });
  }
  return items;
}

/** "1–50 of 120" (or "0 of 0"). */
export function rangeLabel(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total <= 0) return "0 of 0";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total}`;
}
