import { describe, expect, it } from "vitest";
import { postgresArray } from "./bulk-statements.ts";

describe("postgresArray", () => {
  it("quotes and escapes text, writes NULL, numbers, booleans and UTC timestamps", () => {
    expect(postgresArray(['a "quoted" \\ value', null, "", "{,}"])).toBe(
      '{"a \\"quoted\\" \\\\ value",NULL,"","{,}"}',
    );
    expect(postgresArray([1.5, 0, null])).toBe("{1.5,0,NULL}");
    expect(postgresArray([true, false])).toBe("{t,f}");
    expect(postgresArray([new Date("2026-11-21T08:30:00.250Z")])).toBe('{"2026-11-21 08:30:00.250"}');
    expect(postgresArray(["NULL"])).toBe('{"NULL"}');
  });
});
