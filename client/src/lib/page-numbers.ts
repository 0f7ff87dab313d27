/** A page number to show, or a gap standing for the pages left out. */
export type PageItem = number | "gap";

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

/** "1–50 of 1,234" for the rows of `page`. */
export function rowRange(page: number, pageSize: number, totalCount: number): string {
  if (totalCount === 0) return "0 of 0";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(totalCount, page * pageSize);
  const format = (value: number) => value.toLocaleString("en-US");
  return `${format(first)}–${format(last)} of ${format(totalCount)}`;
}
