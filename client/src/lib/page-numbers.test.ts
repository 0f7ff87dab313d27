import { describe, expect, it } from "vitest";
import { pageItems, rowRange } from "./page-numbers.ts";

describe("pageItems", () => {
  it("shows first, last, current and neighbours, with gaps between", () => {
    expect(pageItems(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, "gap", 20]);
    expect(pageItems(20, 20)).toEqual([1, "gap", 19, 20]);
    expect(pageItems(3, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
    expect(pageItems(4, 20)).toEqual([1, "gap", 3, 4, 5, "gap", 20]);
  });

  it("lists small page counts whole and nothing when there are no pages", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it("clamps a current page outside the range", () => {
    expect(pageItems(9, 3)).toEqual([1, 2, 3]);
    expect(pageItems(0, 5)).toEqual([1, 2, "gap", 5]);
  });
});

describe("rowRange", () => {
  it("says which rows a page holds", () => {
    expect(rowRange(1, 50, 120)).toBe("1–50 of 120");
    expect(rowRange(3, 50, 120)).toBe("101–120 of 120");
    expect(rowRange(2, 50, 100_000)).toBe("51–100 of 100,000");
    expect(rowRange(1, 50, 0)).toBe("0 of 0");
  });
});
