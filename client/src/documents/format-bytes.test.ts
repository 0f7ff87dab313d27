import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes.ts";

describe("formatBytes", () => {
  it("reads as a person would", () => {
    expect([0, 1023, 1536, 10 * 1024 * 1024].map(formatBytes)).toEqual([
      "0 B",
      "1023 B",
      "1.5 KB",
      "10.0 MB",
    ]);
  });
});
