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

/**
 * Cross-domain table uses found when this test was written, each to move behind the owner's
 * service. The list may only shrink: a use not listed here fails the test.
 */
const KNOWN: string[] = [
  "server/auth/service.ts: user",
  "server/carriers/drivers.ts: user",
  "server/carriers/schema.ts: user",
  "server/carriers/service.ts: user",
  "server/loads/manual-assignment/schema.ts: carrier",
  "server/loads/manual-assignment/schema.ts: user",
  "server/loads/manual-assignment/service.ts: carrier",
  "server/loads/manual-assignment/service.ts: route",
  "server/loads/sort-copies.ts: carrier",
  "server/loads/upload/service.ts: nassCode",
  "server/notifications/schema.ts: user",
  "server/users/service.ts: bid",
  // Found when routing, tracking, billing and workspace control landed together (to shrink next):
  "server/auth/sign-in-guard.ts: user",
  "server/billing/load-financials.ts: load",
  "server/tracking/ingest.ts: load",
  "server/tracking/ingest.ts: route",
  "server/tracking/ingest.ts: user",
  "server/tracking/load-fields.ts: route",
  "server/tracking/service.ts: nassCode",
  "server/tracking/service.ts: route",
  "server/tracking/shipment.ts: load",
  "server/workspace/invitations.ts: carrier",
  "server/workspace/invitations.ts: user",
  "server/workspace/schema.ts: user",
  "server/workspace/users.ts: user",
  "server/workspace/waitlist.ts: emailWaitlist",
];

describe("table ownership (ARCHITECTURE.md)", () => {
  const table = owners();

  it("names an owner for every model of the data model", () => {
    const models = [...readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{/gm)].map(
      ([, model]) => model[0].toLowerCase() + model.slice(1),
    );
    expect(models.filter((model) => !table.has(model))).toEqual([]);
  });

  it("lets only the owning domain use a table", () => {
    const uses: string[] = [];
    for (const file of sourceFiles("server")) {
      const path = relative(".", file).replaceAll("\\", "/");
      if (EXEMPT.some((prefix) => path.startsWith(prefix))) continue;
      const text = readFileSync(file, "utf8");
      for (const [, model] of text.matchAll(/\b(?:db|tx)\.([a-z]\w*)\./g)) {
        const owner = table.get(model);
        if (owner && !path.startsWith(`server/${owner}/`)) uses.push(`${path}: ${model}`);
      }
    }
    expect([...new Set(uses)].filter((use) => !KNOWN.includes(use)).sort()).toEqual([]);
  });
});
