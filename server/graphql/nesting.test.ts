import { describe, expect, it } from "vitest";
import { MAX_NESTING, nestingDepth } from "./nesting.ts";

describe("nestingDepth", () => {
  it("counts braces, brackets and parentheses", () => {
    expect(nestingDepth("{ a { b } }")).toBe(2);
    expect(nestingDepth("{ a(x: [[1]]) }")).toBe(4);
    expect(nestingDepth(`{ ${"a { ".repeat(5000)}b${" }".repeat(5000)} }`)).toBeGreaterThan(MAX_NESTING);
  });

  it("ignores brackets in strings, block strings and comments", () => {
    expect(nestingDepth(`{ a(x: "${"[".repeat(500)}") }`)).toBe(2);
    expect(nestingDepth(`{ a(x: """${"{".repeat(500)} \\""" """) }`)).toBe(2);
    expect(nestingDepth(`{ a # ${"(".repeat(500)}\n }`)).toBe(1);
    expect(nestingDepth(`{ a(x: "\\"${"[".repeat(500)}") }`)).toBe(2);
  });
});
