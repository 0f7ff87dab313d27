import { describe, expect, it } from "vitest";
import { requestIdOf } from "./request-id.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdOf", () => {
  it("keeps a bounded id of token characters", () => {
    for (const id of ["abc", "Root=1-5759e988-bd862e3f", "trace/span:42@edge", "x".repeat(128)]) {
      expect(requestIdOf(id)).toBe(id);
    }
  });

  it("makes a fresh id for none, a long one, or one with other characters", () => {
    for (const id of [undefined, "", "x".repeat(129), "a b", "a\u0001b", "a\nb", 'a"b', "é", ["a", "b"]]) {
      expect(requestIdOf(id)).toMatch(UUID);
    }
  });
});
