import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** ARCHITECTURE.md's table: model -> owning domain folder under server/. */
function owners(): Map<string, string> {
  const rows = readFileSync("ARCHITECTURE.md", "utf8").matchAll(
    /^\|\s*([A-Z]\w*)\s*\|\s*([a-z][\w-]*)\s*\|$/gm,
  );
  return new Map([...rows].map(([, model, owner]) => [model[0].toLowerCase() + model.slice(1), owner]));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const EXEMPT = ["server/seed/", "server/db/"];

/** The models a source text reaches through `db.<model>.` / `tx.<model>.`, formatted chains too. */
function modelsUsedIn(text: string): string[] {
  return [...text.matchAll(/\b(?:db|tx)\s*\.\s*([a-z]\w*)\s*\./g)].map(([, model]) => model);
}

describe("table ownership (ARCHITECTURE.md)", () => {
  const table = owners();

  it("names an owner for every model of the data model", () => {
    const models = [...readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{/gm)].map(
      ([, model]) => model[0].toLowerCase() + model.slice(1),
    );
    expect(models.filter((model) => !table.has(model))).toEqual([]);
  });

  it("sees a use however the chain is formatted", () => {
    expect(modelsUsedIn("ctx.db.user.findMany()\n  tx.route\n    .create({})\n  db.$transaction()")).toEqual([
      "user",
      "route",
    ]);
  });

  it("lets only the owning domain use a table", () => {
    const uses: string[] = [];
    for (const file of sourceFiles("server")) {
      const path = relative(".", file).replaceAll("\\", "/");
      if (EXEMPT.some((prefix) => path.startsWith(prefix))) continue;
      const text = readFileSync(file, "utf8");
      for (const model of modelsUsedIn(text)) {
        const owner = table.get(model);
        if (owner && !path.startsWith(`server/${owner}/`)) uses.push(`${path}: ${model}`);
      }
    }
    expect([...new Set(uses)].sort()).toEqual([]);
  });
});
