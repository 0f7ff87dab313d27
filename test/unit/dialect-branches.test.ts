import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const KIND = String.raw`["'\x60](?:postgresql|postgres|sqlite)["'\x60]`;

/**
 * A branch on the database kind: a comparison with, or a switch case on, the provider's name
 * (`provider === "postgresql"`, `"sqlite" !== kind`, `case "sqlite":`).
 */
const BRANCH = new RegExp(
  String.raw`(?:===|!==|==|!=)\s*${KIND}|${KIND}\s*(?:===|!==|==|!=)|\bcase\s+${KIND}`,
  "g",
);

function branchesIn(text: string): number {
  return [...text.matchAll(BRANCH)].length;
}

describe("dialect branches (issue #26)", () => {
  it("sees a branch however it is written", () => {
    expect(
      branchesIn(
        `if (provider === "postgresql") x; const y = "sqlite" !== kind; switch (p) { case 'postgresql': }`,
      ),
    ).toBe(3);
    expect(branchesIn(`const provider: "sqlite" | "postgresql" = providerOf(url);`)).toBe(0);
  });

  it("keeps every SQLite/PostgreSQL difference in server/db", () => {
    const branching = sourceFiles("server")
      .map((file) => relative(".", file).replaceAll("\\", "/"))
      .filter((path) => !path.startsWith("server/db/"))
      .filter((path) => branchesIn(readFileSync(path, "utf8")) > 0);
    expect(branching).toEqual([]);
  });
});
