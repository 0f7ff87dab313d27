// What each first screen's JavaScript is made of (issue 27): per chunk and per package or source
// file, the minified bytes and their share of the chunk's Brotli size. Needs a build with source maps:
//   NODE_ENV=production npx vite build --config client/vite.config.ts --sourcemap
//   [CHUNK=<part of a file name>] [TOP=<lines>] npx tsx bench/first-screen-modules.ts [path ...]
//   (default: the two home screens)
// A path's chunks: the app entry and what it imports statically, plus what index.html's preload
// table asks for on that path (client/preload-routes.ts), with their static imports.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { SourceMapConsumer } from "source-map-js";

const dist = process.env.FIRST_SCREEN_DIST ?? "client/dist";
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/admin/ila/load", "/carrier/carrier-portal/active-offers"];
const top = Number(process.env.TOP ?? 25);
// CHUNK=frame: only the files whose name has that in it.
const only = process.env.CHUNK;

const brotli = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`.padStart(6);

function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), "utf8");
  const found = new Set<string>();
  // Minified static imports only: `import"./x.js"`, `from"./x.js"` (not `import("./x.js")`).
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    found.add(`assets/${match[1]}`);
  }
  return [...found];
}

function closure(files: string[], seen = new Set<string>()): Set<string> {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(staticImports(file), seen);
  }
  return seen;
}

function firstScreenFiles(path: string): string[] {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module entry");
  const preloadFile = /<script src="\/(assets\/preload-routes-[^"]+)"/.exec(html)?.[1];
  const preloads: string[] = [];
  if (preloadFile) {
    const script = readFileSync(join(dist, preloadFile), "utf8");
    const table = JSON.parse(/\}\)\((\[.*\]),location\.pathname\)$/.exec(script)?.[1] ?? "[]") as [
      string,
      string[],
    ][];
    const hit = table.find(
      ([key]) => key === path || (key.endsWith("/*") && path.startsWith(key.slice(0, -1))),
    );
    preloads.push(...(hit?.[1] ?? []).map((file) => file.slice(1)));
  }
  return [...closure([entry, ...preloads])];
}

/** Minified bytes per original source of one chunk, from its source map. */
function bytesBySource(file: string): Map<string, number> {
  const code = readFileSync(join(dist, file), "utf8");
  const mapFile = join(dist, `${file}.map`);
  const bySource = new Map<string, number>();
  if (!existsSync(mapFile)) {
    bySource.set("(no source map)", code.length);
    return bySource;
  }
  const lineStarts = [0];
  for (let index = 0; index < code.length; index++) if (code[index] === "\n") lineStarts.push(index + 1);
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")));
  const marks: { at: number; source: string }[] = [];
  consumer.eachMapping((mapping) => {
    marks.push({
      at: (lineStarts[mapping.generatedLine - 1] ?? 0) + mapping.generatedColumn,
      source: mapping.source ?? "(generated)",
    });
  });
  marks.sort((a, b) => a.at - b.at);
  let previous = 0;
  let source = "(generated)";
  for (const mark of [...marks, { at: code.length, source: "" }]) {
    bySource.set(source, (bySource.get(source) ?? 0) + mark.at - previous);
    previous = mark.at;
    source = mark.source;
  }
  return bySource;
}

/** node_modules/<package> (scoped: two levels; MUI material: per component folder), else the file. */
function groupOf(source: string): string {
  const parts = source.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return source.replace(/^(\.\.\/)+/, "");
  const inner = (parts.at(-1) ?? "").split("/");
  if (inner[0] === "@mui" && inner[1] === "material")
    return `@mui/material/${inner[2]?.replace(/\.js$/, "")}`;
  if (inner[0] === "react-relay" || inner[0] === "relay-runtime") return inner.slice(0, -1).join("/");
  return inner[0]?.startsWith("@") ? `${inner[0]}/${inner[1]}` : (inner[0] ?? source);
}

for (const path of paths) {
  const files = firstScreenFiles(path).filter((file) => !only || file.includes(only));
  let sum = 0;
  console.log(`\n${path}: ${files.length} files`);
  const groups = new Map<string, { raw: number; share: number }>();
  for (const file of files) {
    const code = readFileSync(join(dist, file), "utf8");
    const compressed = brotli(code);
    sum += compressed;
    console.log(`  ${kb(compressed)} KB br  ${kb(code.length)} KB min  ${file}`);
    for (const [source, raw] of bytesBySource(file)) {
      const group = groupOf(source);
      const entry = groups.get(group) ?? { raw: 0, share: 0 };
      entry.raw += raw;
      entry.share += (raw / code.length) * compressed;
      groups.set(group, entry);
    }
  }
  console.log(`  ${kb(sum)} KB br in all (file bodies; the bench adds about 1 KB of headers a file)`);
  console.log(`  largest parts (br share, min):`);
  for (const [group, { raw, share }] of [...groups].sort((a, b) => b[1].share - a[1].share).slice(0, top)) {
    console.log(`    ${kb(share)} ${kb(raw)}  ${group}`);
  }
}
