/**
 * A 30,000-row upload over real HTTP against the server in its own process, while a third process
 * pings /healthz every 10 ms:  npx tsx bench/upload.ts [rows]  (TEST_DATABASE=postgres for
 * PostgreSQL; RUNS=3 by default). Prints, per way in (GraphQL uploadLoads, REST POST /api/loads):
 * the time of successful uploads (the answer is checked, and the table's row count), the longest
 * /healthz answer meanwhile (the event-loop stall), the server's RSS growth, and the ratio to the
 * baseline measured in the same run: the same rows written raw (SQLite: prepared inserts in one
 * transaction; PostgreSQL: COPY).
 */
import "./production-mode.ts";
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import Papa from "papaparse";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { migrate } from "../server/db/migrate.ts";
import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import { createTestDatabase } from "../test/support/database.ts";
import { CSV_HEADERS, loadRows, toCsv } from "./fixtures.ts";
import { machineLoad, median, startServerProcess } from "./processes.ts";

const rowCount = Number(process.argv[2] ?? 30_000);
const RUNS = Number(process.env.RUNS ?? 3);
const postgres = process.env.TEST_DATABASE === "postgres";
const rows = loadRows(rowCount);
const csv = toCsv(CSV_HEADERS, rows);
console.log(
  `${machineLoad()}; ${rowCount} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB of CSV; ${postgres ? "PostgreSQL" : "SQLite"}`,
);

function isoOf(usDate: string): string {
  const [date, time] = usDate.split(" ");
  const [month, day, year] = date.split("/");
  return `${year}-${month}-${day}T${time}:00.000Z`;
}

/** The load columns the baseline writes, and each row's values for them. */
const BASE_COLUMNS = [
  "id",
  "loadId",
  "bolNumber",
  "customer",
  "status",
  "mode",
  "referenceNumber",
  "weight",
  "volume",
  "freightClass",
  "commodity",
  "additionalData",
  "routeId",
  "routeNumber",
  "originAddress",
  "destinationAddress",
  "pickupDate",
  "deliveryDate",
  "stopCount",
  "appointmentsRequired",
  "appointmentsConfirmed",
  "stream",
  "createdAt",
  "updatedAt",
];
function baseValues(now: string, sqlite: boolean) {
  const date = (iso: string) =>
    sqlite ? iso.replace("Z", "+00:00") : iso.replace("T", " ").replace("Z", "");
  return rows.map((cells, index) => [
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
    `r${cells[2]}`,
    cells[2],
    cells[4],
    cells[5],
    date(isoOf(cells[6])),
    date(isoOf(cells[7])),
    0,
    sqlite ? 0 : "f",
    sqlite ? 0 : "f",
    "USPS",
    date(now),
    date(now),
  ]);
}
const routes = [...new Set(rows.map((cells) => cells[2]))];

async function sqliteBaseline(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "freightway-bench-"));
  try {
    const file = join(dir, "baseline.db");
    await migrate(`file:${file}`);
    const db = new Database(file);
    const now = new Date().toISOString();
    const values = baseValues(now, true);
    const started = performance.now();
    const insertRoute = db.prepare(
      `INSERT INTO "Route" ("id", "routeNumber", "createdAt", "updatedAt") VALUES (?, ?, ?, ?)`,
    );
    const insertLoad = db.prepare(
      `INSERT INTO "Load" (${BASE_COLUMNS.map((column) => `"${column}"`).join(", ")}) VALUES (${BASE_COLUMNS.map(() => "?").join(", ")})`,
    );
    db.transaction(() => {
      for (const route of routes) insertRoute.run(`r${route}`, route, now, now);
      for (const row of values) insertLoad.run(row);
    })();
    const elapsed = performance.now() - started;
    db.close();
    return elapsed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresBaseline(): Promise<number> {
  const database = await createTestDatabase();
  try {
    await migrate(database.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const now = new Date().toISOString();
    const values = baseValues(now, false);
    const started = performance.now();
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "Route" ("id", "routeNumber", "createdAt", "updatedAt") SELECT 'r' || n, n, now(), now() FROM unnest($1::text[]) n`,
      [routes],
    );
    const stream = client.query(
      copyFrom(`COPY "Load" (${BASE_COLUMNS.map((column) => `"${column}"`).join(", ")}) FROM STDIN`),
    );
    await new Promise<void>((resolve, reject) => {
      stream.on("finish", resolve).on("error", reject);
      for (let start = 0; start < values.length; start += 1000) {
        stream.write(
          values
            .slice(start, start + 1000)
            .map((row) => `${row.join("\t")}\n`)
            .join(""),
        );
      }
      stream.end();
    });
    await client.query("COMMIT");
    const elapsed = performance.now() - started;
    await client.end();
    return elapsed;
  } finally {
    await database.drop();
  }
}

const objects = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
const bodies = {
  graphql: JSON.stringify({
    query: `mutation Upload($input: UploadLoadsInput!) { uploadLoads(input: $input) {
      ... on MutationUploadLoadsSuccess { data { createdCount updatedCount } } ... on Error { message } } }`,
    variables: { input: { stream: "USPS", columns: CSV_HEADERS, rows, fileNames: ["bench.csv"] } },
  }),
  rest: JSON.stringify({ loads: objects, stream: "USPS", fileNames: ["bench.csv"] }),
};

interface Sample {
  ms: number;
  stallMs: number;
  /** The longest /healthz answer over as long again with the server idle: the machine's own noise. */
  idleStallMs: number;
  rssGrowthMb: number;
}

async function upload(kind: "graphql" | "rest"): Promise<Sample> {
  const server = await startServerProcess("server-process.ts");
  const pinger = fork(fileURLToPath(new URL("pinger-process.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, PING_URL: `${server.url}/healthz` },
  });
  let nextId = 1;
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      const listener = (message: { id?: number }) => {
        if (message.id === id) {
          pinger.off("message", listener);
          resolve(message as T);
        }
      };
      pinger.on("message", listener);
      pinger.send({ type, id });
    });
  try {
    await new Promise((resolve) => pinger.once("message", resolve));
    const headers: Record<string, string> = {
      "content-type": "application/json",
      authorization: `Bearer ${server.token}`,
    };
    const url = kind === "graphql" ? `${server.url}/graphql` : `${server.url}/api/loads`;
    if (kind === "graphql") headers[CSRF_HEADER] = "1";
    // Warm the path with a one-row upload of another load.
    const warm =
      kind === "graphql"
        ? JSON.stringify({
            query: JSON.parse(bodies.graphql).query,
            variables: { input: { stream: "USPS", columns: ["Load ID"], rows: [["WARM-1"]] } },
          })
        : JSON.stringify({ loads: [{ "Load ID": "WARM-1" }], stream: "USPS" });
    await (await fetch(url, { method: "POST", headers, body: warm })).text();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rssBefore = (await server.usage()).rssBytes;
    let rssPeak = rssBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rssPeak = Math.max(rssPeak, (await server.usage()).rssBytes);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await ask("reset");
    const started = performance.now();
    const response = await fetch(url, { method: "POST", headers, body: bodies[kind] });
    const text = await response.text();
    const ms = performance.now() - started;
    const { worstMs } = await ask<{ worstMs: number }>("report");
    sampling = false;
    await sampler;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ask("reset");
    await new Promise((resolve) => setTimeout(resolve, ms));
    const idle = await ask<{ worstMs: number }>("report");
    const created = Number(/"createdCount":(\d+)/.exec(text)?.[1] ?? -1);
    if (response.status >= 300 || created !== rowCount)
      throw new Error(`${kind}: ${response.status} ${text.slice(0, 300)}`);
    return {
      ms,
      stallMs: worstMs,
      idleStallMs: idle.worstMs,
      rssGrowthMb: (rssPeak - rssBefore) / 1024 / 1024,
    };
  } finally {
    await ask("stop").catch(() => undefined);
    await server.stop();
  }
}

const baseline = postgres ? postgresBaseline : sqliteBaseline;
const results = { baseline: [] as number[], graphql: [] as Sample[], rest: [] as Sample[] };
// Interleaved, so a change in the machine's load touches every measurement alike.
for (let run = 0; run < RUNS; run++) {
  results.baseline.push(await baseline());
  results.graphql.push(await upload("graphql"));
  results.rest.push(await upload("rest"));
}
const base = median(results.baseline);
console.log(
  `baseline (${postgres ? "COPY" : "raw prepared inserts, one transaction"}): ${base.toFixed(0)} ms (runs: ${results.baseline.map((value) => value.toFixed(0)).join(", ")})`,
);
for (const kind of ["graphql", "rest"] as const) {
  const list = results[kind];
  const ms = median(list.map((sample) => sample.ms));
  console.log(
    `${(kind === "graphql" ? "GraphQL uploadLoads" : "REST POST /api/loads").padEnd(22)} ${ms.toFixed(0).padStart(6)} ms = ${(ms / base).toFixed(2)}x baseline (goal <= 2x); longest /healthz answer ${Math.max(...list.map((sample) => sample.stallMs)).toFixed(0)} ms (goal <= 200; idle server meanwhile: ${Math.max(...list.map((sample) => sample.idleStallMs)).toFixed(0)} ms); RSS growth ${Math.max(...list.map((sample) => sample.rssGrowthMb)).toFixed(0)} MB (goal <= 200)   (runs: ${list.map((sample) => `${sample.ms.toFixed(0)} ms/${sample.stallMs.toFixed(0)} ms stall`).join(", ")})`,
  );
}
console.log(`after: ${machineLoad()}`);
