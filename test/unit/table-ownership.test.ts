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

const modelOf = (table: string) => table[0].toLowerCase() + table.slice(1);

/**
 * The tables a source text writes through the stores' builder (`insertInto("Load")`,
 * `updateTable`, `deleteFrom`), the bulk helpers (`insertRows(provider, "Load", ...)`, `copy`)
 * or raw SQL (`INSERT INTO "Load"`, `UPDATE "Load"`, `DELETE FROM "Load"`, `COPY "Load"`).
 */
function tablesWrittenIn(text: string): string[] {
  const patterns = [
    /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*"([A-Z]\w*)(?:\s+as\s+\w+)?"/g,
    /\b(?:insertRows|updateRows|updateEach|deleteWhereIn|copy)\(\s*(?:\w+\s*,\s*)?"([A-Z]\w*)"/g,
    /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|COPY)\s+\\?"([A-Z]\w*)\\?"/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map(([, table]) => modelOf(table)));
}

/** The tables a source text reads through the builder (`selectFrom`, joins) or raw SQL (`FROM`, `JOIN`). */
function tablesReadIn(text: string): string[] {
  const patterns = [
    /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*"([A-Z]\w*)(?:\s+as\s+\w+)?"/g,
    /(?<!DELETE\s)\b(?:FROM|JOIN)\s+\\?"([A-Z]\w*)\\?"/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map(([, table]) => modelOf(table)));
}

/**
 * Reads of another domain's table in SQL, each a join a list or a hot path cannot do without
 * (a statement per row otherwise). A new one is added here on purpose, or goes through the owner.
 */
const CROSS_DOMAIN_SQL_READS = [
  // The session check of every request: the user's key, e-mail and role in the same statement.
  "server/auth/store.ts: user",
  "server/billing/store-list.ts: load",
  // Lane rates: awarded offers with their load's carrier rate, counted for a lane in one statement.
  "server/lanes/store.ts: load",
  "server/lanes/store.ts: offer",
  "server/loads/store-list.ts: carrier",
  "server/loads/store-list.ts: route",
  "server/loads/store-list.ts: user",
  "server/loads/upload/store.ts: nassCode",
  "server/notifications/store.ts: user",
  "server/offers/bids/store.ts: load",
  // The route list's carrier name, driver, derived dates and counts, stop codes.
  "server/routing/store-list.ts: carrier",
  "server/routing/store-list.ts: load",
  "server/routing/store-list.ts: nassCode",
  "server/routing/store-list.ts: user",
  // The tracking screens' routes with their carrier, driver, stops' facilities and loads.
  "server/routing/store-tracked.ts: carrier",
  "server/routing/store-tracked.ts: load",
  "server/routing/store-tracked.ts: nassCode",
  "server/routing/store-tracked.ts: user",
  // A position report's stop locations.
  "server/routing/store-tracking.ts: nassCode",
  // Scorecards: each measure counted for a whole page of carriers in one statement (loads, stops,
  // tenders, bids through their users, the delivered and POD milestones), never a statement per carrier.
  "server/scorecards/store.ts: bid",
  "server/scorecards/store.ts: load",
  "server/scorecards/store.ts: loadMilestone",
  "server/scorecards/store.ts: loadStop",
  "server/scorecards/store.ts: tender",
  "server/scorecards/store.ts: user",
];

/** A store file (`store.ts`, `store-*.ts` or under a `store/` folder): the only place for SQL. */
const isStore = (path: string) => /(^|\/)store(-[\w-]+)?\.ts$|\/store\//.test(path);

/**
 * SQL in a source text: a statement's text (`SELECT`, `INSERT INTO`, `UPDATE "X"`, `DELETE FROM`),
 * Prisma's raw calls (`$queryRaw`, `$executeRaw` and their Unsafe forms) or a Kysely statement.
 */
function sqlIn(text: string): string[] {
  const patterns = [
    /\b(?:SELECT|INSERT INTO|UPDATE [A-Z"]|DELETE FROM)\b/g,
    /\$(?:queryRaw|executeRaw)\w*/g,
    /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map(([found]) => found.trim()));
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

  it("sees the builder's and raw SQL's tables, however the statement is written", () => {
    const source = `db.insertInto("Route").values(x); yield* updateEach(db, "Offer", c, rows, {}); db.updateTable("RouteStop as s"); yield* insertRows(provider, "Load", c);
      sql\`UPDATE "Carrier" SET x\`; "DELETE FROM \\"Bid\\" WHERE"; db.selectFrom("Load as l").leftJoin("Carrier as c", "c.id", "l.carrierId");
      \`SELECT 1 FROM "NassCode" n JOIN "User" u\``;
    expect(tablesWrittenIn(source).sort()).toEqual(["bid", "carrier", "load", "offer", "route", "routeStop"]);
    expect(tablesReadIn(source).sort()).toEqual(["carrier", "load", "nassCode", "user"]);
  });

  it("lets only the owning domain write a table in SQL, and lists every SQL read of another domain's table", () => {
    const writes: string[] = [];
    const reads: string[] = [];
    for (const file of sourceFiles("server")) {
      const path = relative(".", file).replaceAll("\\", "/");
      if (EXEMPT.some((prefix) => path.startsWith(prefix))) continue;
      const text = readFileSync(file, "utf8");
      const foreign = (model: string) => {
        const owner = table.get(model);
        return owner !== undefined && !path.startsWith(`server/${owner}/`);
      };
      for (const model of tablesWrittenIn(text)) if (foreign(model)) writes.push(`${path}: ${model}`);
      for (const model of tablesReadIn(text)) if (foreign(model)) reads.push(`${path}: ${model}`);
    }
    expect([...new Set(writes)].sort()).toEqual([]);
    expect([...new Set(reads)].sort()).toEqual(CROSS_DOMAIN_SQL_READS);
  });

  it("sees SQL however it is written, and knows a store by its name", () => {
    const source = `sql\`SELECT 1\`; "INSERT INTO \\"A\\""; tx.$queryRawUnsafe(x); db.updateTable("B"); run(\`DELETE FROM "C"\`)`;
    expect(sqlIn(source)).toEqual([
      "SELECT",
      "INSERT INTO",
      "DELETE FROM",
      "$queryRawUnsafe",
      ".updateTable(",
    ]);
    expect(sqlIn("Selected loads are updated from the list")).toEqual([]);
    expect(
      ["server/a/store.ts", "server/a/store-list.ts", "server/a/store/list.ts", "server/a/restore.ts"].map(
        isStore,
      ),
    ).toEqual([true, true, true, false]);
  });

  it("keeps every SQL statement in a domain's store (or server/db/)", () => {
    const outside: string[] = [];
    for (const file of sourceFiles("server")) {
      const path = relative(".", file).replaceAll("\\", "/");
      if (EXEMPT.some((prefix) => path.startsWith(prefix)) || isStore(path)) continue;
      const found = sqlIn(readFileSync(file, "utf8"));
      if (found.length > 0) outside.push(`${path}: ${[...new Set(found)].join(", ")}`);
    }
    expect(outside).toEqual([]);
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
