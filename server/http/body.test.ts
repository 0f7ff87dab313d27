import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan } from "./body.ts";

describe("jsonNestsDeeperThan", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${"[".repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${"{".repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\\\",${"[".repeat(3)}1${"]".repeat(3)}}`, 3)).toBe(true);
  });

  it("reads 100,000 levels in one pass", () => {
    const deep = `${"[".repeat(100_000)}1${"]".repeat(100_000)}`;
    expect(jsonNestsDeeperThan(deep, 64)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ loads: [{ stops: [{ a: 1 }] }] }), 64)).toBe(false);
  });
});
