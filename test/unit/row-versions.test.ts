import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Optimistic concurrency (security issue #24) holds only if every write of an edited row moves its
 * version (server/lib/row-version.ts): a writer that forgets it lets a stale save, an upload or an
 * import overwrite its change unseen. This walks the server's sources for writes of those tables.
 */

/** Prisma's delegate and the table of each versioned model. */
const VERSIONED = new Map([
  ["load", "Load"],
  ["carrier", "Carrier"],
  ["route", "Route"],
  ["nassCode", "NassCode"],
  ["invoice", "Invoice"],
  ["bill", "Bill"],
]);

/**
 * Writes of columns that are not what an editor edits: the sort copies of other tables' names on
 * Load (triggers keep them), tracking's columns of Route (the last position, ETAs, stop visits: a
 * live route would otherwise refuse every save), the load's stage (its milestones move it: a POD
 * upload or a geofence arrival must not refuse an operator's edit).
 */
const EXEMPT = new Set([
  "server/loads/sort-copies.ts",
  "server/routing/store-tracking.ts",
  "server/loads/milestones.ts",
]);
const WRITES = new Set(["update", "updateMany", "upsert"]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** An upsert whose update part is `{}` writes nothing to an existing row. */
function isInsertOnly(call: ts.CallExpression, source: ts.SourceFile): boolean {
  const [argument] = call.arguments;
  if (!argument || !ts.isObjectLiteralExpression(argument)) return false;
  return argument.properties.some(
    (property) =>
      ts.isPropertyAssignment(property) &&
      property.name.getText(source) === "update" &&
      property.initializer.getText(source).replace(/\s/g, "") === "{}",
  );
}

/** `<...>.carrier.update(...)` calls (and the other models, updateMany, upsert) not spreading NEXT_VERSION. */
function unversionedPrismaWrites(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITES.has(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      VERSIONED.has(node.expression.expression.name.text) &&
      !node.arguments.some((argument) => argument.getText(source).includes("NEXT_VERSION")) &&
      !(node.expression.name.text === "upsert" && isInsertOnly(node, source))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${path}:${line + 1} ${node.expression.expression.name.text}.${node.expression.name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** SQL that updates a versioned table without moving "version", or the unversioned bulk update of one. */
function unversionedSql(path: string, text: string): string[] {
  const found: string[] = [];
  for (const table of VERSIONED.values()) {
    for (const match of text.matchAll(new RegExp(`UPDATE "${table}"[^\`'"]*`, "g"))) {
      if (!match[0].includes('"version"')) found.push(`${path}: ${match[0].slice(0, 60)}`);
    }
    if (new RegExp(`\\bupdateRows\\([^)]*"${table}"`).test(text)) {
      found.push(`${path}: updateRows on "${table}"`);
    }
  }
  return found;
}

describe("row versions", () => {
  it("sees a write however it is formatted", () => {
    const text = `await tx.carrier\n  .update({ where: { id }, data: { carrierName } });
await db.load.updateMany({ data: { ...NEXT_VERSION } });
await db.route.upsert({ where, update: {}, create });
await db.nassCode.upsert({ where, update: { city }, create });`;
    expect(unversionedPrismaWrites("x.ts", text)).toEqual([
      "x.ts:1 carrier.update",
      "x.ts:5 nassCode.upsert",
    ]);
    expect(
      unversionedSql(
        "x.ts",
        `yield* updateRows(provider, "NassCode", columns, changes)\nUPDATE "Bill" SET x = 1`,
      ),
    ).toHaveLength(2);
  });

  it("moves with every write of a load, carrier, route, NASS code, invoice or bill in the server", () => {
    const problems: string[] = [];
    for (const file of sourceFiles("server")) {
      const path = relative(".", file).replaceAll("\\", "/");
      if (EXEMPT.has(path)) continue;
      const text = readFileSync(file, "utf8");
      problems.push(...unversionedPrismaWrites(path, text), ...unversionedSql(path, text));
    }
    expect(problems).toEqual([]);
  });
});
