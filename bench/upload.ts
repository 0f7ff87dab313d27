/**
 * Bulk upload speed: `npx tsx bench/upload.ts [rows]` (default 30,000 rows, about 5 MB of CSV).
 *
 * Baseline: the same loads (already parsed) and their routes as raw prepared inserts in one
 * SQLite transaction with better-sqlite3. Then the real thing through the app's fetch handler,
 * on a fresh database each time: REST POST /api/loads (rows as objects keyed by header, as the
 * client's CSV parser produces them), GraphQL uploadLoads (columns + rows), and a re-upload of the
 * same file (every row an update). Targets: within 3x of the baseline and under 2 s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { prismasSqlite } from "../server/db/bulk.ts";
import { migrate } from "../server/db/migrate.ts";
import { CSV_HEADERS, loadRows, ms, toCsv } from "./fixtures.ts";
import { benchApp, graphqlRequest, restRequest, timed } from "./support.ts";

const rowCount = Number(process.argv[2] ?? 30_000);
const RUNS = Number(process.env.RUNS ?? 5);
const rows = loadRows(rowCount);
const csv = toCsv(CSV_HEADERS, rows);
console.log(`${rowCount} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB of CSV`);

function isoOf(usDate: string): string {
  const [date, time] = usDate.split(" ");
  const [month, day, year] = date.split("/");
  return `${year}-${month}-${day}T${time}:00.000+00:00`;
}

async function baseline(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "freightway-bench-"));
  const file = join(dir, "baseline.db");
  await migrate(`file:${file}`);
  // The same SQLite library the app writes with (Prisma's better-sqlite3).
  const Database = prismasSqlite();
  const db = new Database(file);
  const now = new Date().toISOString().replace("Z", "+00:00");
  const prepared = rows.map((cells, index) => [
    `cbaseline${String(index).padStart(16, "0")}`,
    cells[0],
    cells[1],
    cells[3],
    cells[13],
    cells[14],
    cells[12],
    Number(cells[8]),
    Number(cells[9]),
    cells[10],
    cells[11],
    JSON.stringify({ Trailer: cells[15] }),
    cells[2],
    cells[4],
    cells[5],
    isoOf(cells[6]),
    isoOf(cells[7]),
    now,
  ]);
  const routes = [...new Set(rows.map((cells) => cells[2]))];
  const started = performance.now();
  const insertRoute = db.prepare(
    `INSERT INTO "Route" ("id", "routeNumber", "createdAt", "updatedAt") VALUES (?, ?, ?, ?)`,
  );
  const insertLoad = db.prepare(
    `INSERT INTO "Load" ("id", "loadId", "bolNumber", "customer", "status", "mode", "referenceNumber", "weight", "volume", "freightClass", "commodity", "additionalData", "routeId", "originAddress", "destinationAddress", "pickupDate", "deliveryDate", "stopCount", "appointmentsRequired", "appointmentsConfirmed", "stream", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 'USPS', ?, ?)`,
  );
  db.transaction(() => {
    for (const route of routes) insertRoute.run(`r${route}`, route, now, now);
    for (const values of prepared) {
      const routeId = `r${values[12]}`;
      insertLoad.run(...values.slice(0, 12), routeId, ...values.slice(13), now);
    }
  })();
  const elapsed = performance.now() - started;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return elapsed;
}

const objects = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
const restBody = JSON.stringify({ loads: objects, stream: "USPS", fileNames: ["bench.csv"] });
const graphqlBody = JSON.stringify({
  query: `mutation Upload($input: UploadLoadsInput!) {
    uploadLoads(input: $input) {
      ... on MutationUploadLoadsSuccess { data { createdCount updatedCount batch { id rowCount } } }
      ... on Error { message }
    }
  }`,
  variables: { input: { stream: "USPS", columns: CSV_HEADERS, rows, fileNames: ["bench.csv"] } },
});
console.log(
  `REST body ${(restBody.length / 1024 / 1024).toFixed(2)} MB, GraphQL body ${(graphqlBody.length / 1024 / 1024).toFixed(2)} MB`,
);

async function throughApp(kind: "rest" | "graphql" | "reupload"): Promise<number> {
  const bench = await benchApp();
  try {
    const send = () =>
      bench.app.fetch(
        kind === "graphql"
          ? graphqlRequest(graphqlBody, bench.token)
          : restRequest("POST", "/loads", restBody, bench.token),
      );
    if (kind === "reupload") await send();
    const { elapsed, result } = await timed(send);
    const text = await result.text();
    if (result.status >= 300 || text.includes('"message"') === false) {
      if (result.status >= 300 || !text.includes("createdCount"))
        throw new Error(`${result.status} ${text.slice(0, 300)}`);
    }
    const count = await bench.app.deps.db.load.count();
    if (count !== rowCount) throw new Error(`expected ${rowCount} loads, found ${count}`);
    return elapsed;
  } finally {
    await bench.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The runs interleave, so a change in the machine's load affects every measurement alike.
const measurements: [string, () => Promise<number>][] = [
  ["baseline: raw prepared inserts, 1 transaction", baseline],
  ["REST POST /api/loads (new loads)", () => throughApp("rest")],
  ["GraphQL uploadLoads (new loads)", () => throughApp("graphql")],
  ["REST re-upload (every row an update)", () => throughApp("reupload")],
];
const samples = measurements.map(() => [] as number[]);
for (let round = 0; round < RUNS; round++) {
  for (const [index, [, measure]] of measurements.entries()) samples[index].push(await measure());
}
const [base, rest, graphql, reupload] = samples.map(median);
for (const [index, [label]] of measurements.entries()) {
  console.log(
    `${label.padEnd(46)} ${ms(median(samples[index])).padStart(10)}   (runs: ${samples[index].map(ms).join(", ")})`,
  );
}
console.log(
  `ratio to baseline (medians): REST ${(rest / base).toFixed(2)}x, GraphQL ${(graphql / base).toFixed(2)}x, re-upload ${(reupload / base).toFixed(2)}x (target <= 3x and < 2000 ms)`,
);
