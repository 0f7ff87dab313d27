import { describe, expect, it } from "vitest";
import { lastDataArrival, noteDataArrived, subscribeDataArrivals } from "./data-freshness.ts";

describe("data freshness", () => {
  it("remembers the latest arrival and tells its listeners until they unsubscribe", () => {
    const heard: number[] = [];
    const stop = subscribeDataArrivals(() => heard.push(lastDataArrival() ?? -1));
    noteDataArrived(1_000);
    noteDataArrived(2_000);
    stop();
    noteDataArrived(3_000);
    expect(heard).toEqual([1_000, 2_000]);
    expect(lastDataArrival()).toBe(3_000);
  });
});
