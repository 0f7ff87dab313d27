import { describe, expect, it } from "vitest";
import { type PageItem, pageCountOf, pageItems, pageWithin, rangeLabel } from "./pagination.ts";

const labels = (items: PageItem[]) => items.map((item) => (item === "gap" ? "…" : item));

describe("pagination", () => {
  it("counts pages of 50, at least one", () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(50)).toBe(1);
    expect(pageCountOf(51)).toBe(2);
    expect(pageCountOf(7, 3)).toBe(3);
  });

  it("goes back to page 1 when the page no longer exists", () => {
    expect(pageWithin(2, 51)).toBe(2);
    expect(pageWithin(3, 51)).toBe(1);
    expect(pageWithin(2, 0)).toBe(1);
    expect(pageWithin(0, 500)).toBe(1);
    expect(pageWithin(1.5, 500)).toBe(1);
  });

  it("shows first, last, current and neighbouring pages", () => {
    expect(labels(pageItems(1, 1))).toEqual([1]);
    expect(labels(pageItems(1, 2))).toEqual([1, 2]);
    expect(labels(pageItems(1, 10))).toEqual([1, 2, "…", 10]);
    expect(labels(pageItems(5, 10))).toEqual([1, "…", 4, 5, 6, "…", 10]);
    expect(labels(pageItems(3, 10))).toEqual([1, 2, 3, 4, "…", 10]);
    expect(labels(pageItems(10, 10))).toEqual([1, "…", 9, 10]);
    expect(labels(pageItems(2, 3))).toEqual([1, 2, 3]);
  });

  it("clamps a current page outside the range and shows nothing without pages", () => {
    expect(labels(pageItems(9, 3))).toEqual([1, 2, 3]);
    expect(labels(pageItems(0, 5))).toEqual([1, 2, "…", 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("labels the rows shown", () => {
    expect(rangeLabel(1, 0)).toBe("0 of 0");
    expect(rangeLabel(1, 12)).toBe("1–12 of 12");
    expect(rangeLabel(2, 120)).toBe("51–100 of 120");
    expect(rangeLabel(3, 120)).toBe("101–120 of 120");
    expect(rangeLabel(2, 1234)).toBe("51–100 of 1,234");
  });
});
