import { describe, expect, it } from "vitest";
import { copyChunks } from "./bulk.ts";

describe("copyChunks", () => {
  it("writes COPY text: escapes, \\N, numbers, booleans and UTC timestamps, a chunk per n rows", () => {
    const created = new Date("2026-11-21T08:30:00.250Z");
    const rows = [
      ["tab\there", "line\nbreak\r", "back\\slash", null, null, 1.5, true, false, created],
      ["plain", "", "\\N", null, null, 0, false, true, new Date(created.getTime())],
      ["third", "x", "y", null, null, 2, true, true, new Date("2026-03-08T07:30:00Z")],
    ];
    expect([...copyChunks(rows, 2)]).toEqual([
      "tab\\there\tline\\nbreak\\r\tback\\\\slash\t\\N\t\\N\t1.5\tt\tf\t2026-11-21 08:30:00.250\n" +
        "plain\t\t\\\\N\t\\N\t\\N\t0\tf\tt\t2026-11-21 08:30:00.250\n",
      "third\tx\ty\t\\N\t\\N\t2\tt\tt\t2026-03-08 07:30:00.000\n",
    ]);
    expect([...copyChunks([], 2)]).toEqual([]);
  });
});
