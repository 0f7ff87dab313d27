import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function testFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory())
      return name === "node_modules" || name === "generated" ? [] : testFiles(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

/** What only a test that opens a database calls. */
const DATABASE_SUPPORT = /\b(createTestApp|createTestDatabase|startBrowserWorld|buildApp|createDb)\(/;

describe("test layout", () => {
  it("keeps every test that opens a database in test/api or test/browser (the PostgreSQL step runs test/api)", () => {
    const misplaced = ["server", "common", "client/src", "test/unit"]
      .flatMap(testFiles)
      .filter((file) => DATABASE_SUPPORT.test(readFileSync(file, "utf8")));
    expect(misplaced).toEqual([]);
  });
});
