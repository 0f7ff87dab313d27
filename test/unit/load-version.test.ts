import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Optimistic concurrency on loads (security issue #24) holds only if every write of a load moves
 * Load.version (server/loads/version.ts): a writer that forgets it lets a stale save or an upload
 * overwrite its change unseen. This walks the server's sources for Load writes.
 */

/** Writes of the sort copies of other tables' names: not the load's own fields (see version.ts). */
const EXEMPT = new Set(["server/loads/sort-copies.ts"]);
const WRITES = new Set(["update", "updateMany", "upsert"]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `<...>.load.update(...)` calls (and updateMany, upsert) whose arguments do not spread NEXT_VERSION. */
function unversionedLoadWrites(path: string, text: string): string[] {
  if (!/\bload\s*\.\s*(update|updateMany|upsert)\b/.test(text)) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITES.has(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === "load" &&
      !node.arguments.some((argument) => argument.getText(source).includes("NEXT_VERSION"))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${path}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** SQL that updates "Load" without moving "version", or the unversioned bulk update on "Load". */
function unversionedLoadSql(path: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/UPDATE "Load"[^`'"]*/g)) {
    if (!match[0].includes('"version"')) found.push(`${path}: ${match[0].slice(0, 60)}`);
  }
  if (/\bupdateRows\([^)]*"Load"/.test(text)) found.push(`${path}: updateRows on "Load"`);
  return found;
}

describe("Load.version", () => {
  it("sees a write however it is formatted", () => {
    const text = `await tx.load\n  .update({ where: { id }, data: { status } });\nawait db.load.updateMany({ data: { ...NEXT_VERSION } });`;
    expect(unversionedLoadWrites("x.ts", text)).toEqual(["x.ts:1"]);
    expect(unversionedLoadSql("x.ts", `yield* updateRows(provider, "Load", columns, changes)`)).toHaveLength(
      1,
    );
  });

  it("moves with every write of a load in the server", () => {
    const problems: string[] = [];
    for (const file of sourceFiles("server")) {
      const path = relative(".", file).replaceAll("\\", "/");
      if (EXEMPT.has(path)) continue;
      const text = readFileSync(file, "utf8");
      problems.push(...unversionedLoadWrites(path, text), ...unversionedLoadSql(path, text));
    }
    expect(problems).toEqual([]);
  });
});
