/** Numbered pages of the admin lists (spec section 9: 50 rows per page). */

export const PAGE_SIZE = 50;

/** A page number to show, or a gap standing for the pages left out. */
export type PageItem = number | "gap";

/** At least one page, so an empty list still reads "page 1 of 1". */
export function pageCountOf(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Spec section 4: a list goes back to page 1 when the current page no longer exists. */
export function pageWithin(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Number.isInteger(page) && page >= 1 && page <= pageCountOf(total, pageSize) ? page : 1;
}

/**
 * The page numbers a numbered pager shows (spec: first, last, current and neighbouring pages),
 * with a gap wherever pages are left out: 1 … 4 5 6 … 20.
 */
export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount < 1) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const number of shown) {
    const previous = items.at(-1);
    if (typeof previous === "number" && number > previous + 1) items.push("gap");
    items.push(number);
  }
  return items;
}

/** "1–50 of 1,234" for the rows of `page` (or "0 of 0"). */
export function rangeLabel(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total <= 0) return "0 of 0";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const format = (value: number) => value.toLocaleString("en-US");
  return `${format(first)}–${format(last)} of ${format(total)}`;
}
