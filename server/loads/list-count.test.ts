import { describe, expect, it } from "vitest";
import { CACHED_COUNT_FLOOR, keepLoadCount, keptLoadCount, loadsVersion } from "./list-count.ts";

describe("the load list's count cache", () => {
  it("keeps a count for its own filters only: a stage filter is another count", () => {
    const url = "file:./list-count-stage.db";
    const all = CACHED_COUNT_FLOOR + 7;
    keepLoadCount(url, "sqlite", {}, all, loadsVersion());
    expect(keptLoadCount(url, "sqlite", {})).toBe(all);
    expect(keptLoadCount(url, "sqlite", { stage: ["delivered"] })).toBeNull();
  });
});
