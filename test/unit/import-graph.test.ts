import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** Folders of server/ that are layers every domain may use, not domains. */
const LAYERS = new Set(["db", "generated", "graphql", "http", "lib", "ops", "seed"]);

/**
 * Domain pairs that still import each other, to be broken one by one: the list may only shrink
 * (a pair that no longer imports both ways fails the test until it is taken off).
 */
const KNOWN_TWO_WAY = [
  "audit <-> auth",
  "audit <-> workspace",
  "auth <-> mail",
  "billing <-> search",
  "carriers <-> loads",
  "carriers <-> search",
  "loads <-> nass",
  "loads <-> search",
  "offers <-> users",
  "routing <-> search",
  "users <-> workspace",
];

/** The pairs issue #26 named: they point one way for good. */
const BROKEN = [
  "auth <-> users",
  "audit <-> loads",
  "audit <-> offers",
  "audit <-> users",
  "billing <-> loads",
  "loads <-> routing",
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative imports and re-exports of a source text, type-only ones too (they bind the layers as much). */
function importsOf(text: string): string[] {
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g),
  ].map(([, from, dynamic]) => from ?? dynamic);
}

/** The top folder under server/ a path sits in; files directly in server/ are the composition root. */
function folderOf(path: string): string {
  const parts = relative("server", path).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : "(root)";
}

interface Edge {
  from: string;
  to: string;
  file: string;
}

function serverImports(): Edge[] {
  return sourceFiles("server").flatMap((file) =>
    importsOf(readFileSync(file, "utf8"))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => !relative("server", target).startsWith(".."))
      .map((target) => ({ from: folderOf(file), to: folderOf(target), file: relative(".", file) })),
  );
}

function twoWayDomainPairs(edges: Edge[]): string[] {
  const isDomain = (folder: string) => folder !== "(root)" && !LAYERS.has(folder);
  const directed = new Set(
    edges
      .filter((e) => e.from !== e.to && isDomain(e.from) && isDomain(e.to))
      .map((e) => `${e.from}>${e.to}`),
  );
  return [...directed]
    .map((edge) => edge.split(">"))
    .filter(([a, b]) => a < b && directed.has(`${b}>${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
}

describe("import graph of server/", () => {
  const edges = serverImports();

  it("reads imports however they are written", () => {
    const text =
      'import a from "./a.ts";\nimport type { B } from "../b/b.ts";\nexport { c } from "./c.ts";\nconst d = await import("./d.ts");';
    expect(importsOf(text)).toEqual(["./a.ts", "../b/b.ts", "./c.ts", "./d.ts"]);
  });

  it("has no two domains importing each other beyond the known pairs", () => {
    expect(twoWayDomainPairs(edges).filter((pair) => !KNOWN_TWO_WAY.includes(pair))).toEqual([]);
  });

  it("keeps the known pairs list honest (a pair broken comes off it)", () => {
    const pairs = new Set(twoWayDomainPairs(edges));
    expect(KNOWN_TWO_WAY.filter((pair) => !pairs.has(pair))).toEqual([]);
    expect(KNOWN_TWO_WAY.filter((pair) => BROKEN.includes(pair))).toEqual([]);
  });

  it("lets only the GraphQL layer of a domain import server/graphql/ (services page through lib/paging.ts)", () => {
    const graphqlLayer = (file: string) =>
      /[\\/]schema\.ts$/.test(file) || /from\s+"(?:\.\.\/)+builder\.ts"/.test(readFileSync(file, "utf8"));
    const offenders = edges
      .filter((e) => e.to === "graphql" && e.from !== "graphql" && !LAYERS.has(e.from) && e.from !== "(root)")
      .map((e) => e.file)
      .filter((file) => !graphqlLayer(file));
    expect([...new Set(offenders)]).toEqual([]);
  });
});
