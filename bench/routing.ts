/**
 * Route and NASS lists at scale, and the NASS CSV import: `npx tsx bench/routing.ts`
 * (TEST_DATABASE=postgres for PostgreSQL; ITERATIONS=200 by default).
 *
 * The server runs in its own process (bench/server-process.ts, 50,000 loads); this process adds
 * 10,000 routes (five loads and two or three stops each) and imports 30,000 NASS codes through
 * the API (as CSV text, as the screen sends it, and parsed), then times the screens' GraphQL documents over real HTTP and prints p50/p99.
 * Targets: p50 under 20 ms; a deep page within 1.5x of page 1; the import within 3x of raw
 * multi-row INSERTs of the same rows.
 */
import Papa from "papaparse";
import { runWriteTransaction } from "../server/db/bulk.ts";
import { type Column, insertRows, updateRows } from "../server/db/bulk-statements.ts";
import { createDb, providerOf } from "../server/db/client.ts";
import type { SqlValue } from "../server/db/sql.ts";
import { demoNassTable } from "../server/seed/demo-routing.ts";
import { ms, summary } from "./fixtures.ts";
import { machineLoad, startServerProcess } from "./processes.ts";

const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const ROUTES = 10_000;
const NASS = 30_000;
const STATES = ["IL", "TX", "GA", "CA", "NY", "PA", "OH", "FL", "WA", "CO"];

const ROUTE_LIST = `query RouteListViewQuery($search: String, $orderBy: RouteOrder, $page: Int, $pageSize: Int) {
  routes(search: $search, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
    totalCount pageCount page pageSize
    edges { node { id routeNumber carrierName loadCount stopCount pickupNassCode pickupDate deliveryNassCode deliveryDate } }
  }
}`;
const NASS_LIST = `query NassListViewQuery($search: String, $filter: NassFilter, $page: Int, $pageSize: Int) {
  nassCodes(search: $search, filter: $filter, page: $page, pageSize: $pageSize) {
    totalCount pageCount page pageSize
    edges { node { id code region division fdbid facilityName street city state zip typeCode subType facType originating destinating } }
  }
}`;
const IMPORT = `mutation ($input: ImportNassCodesInput!) {
  importNassCodes(input: $input) { __typename ... on MutationImportNassCodesSuccess { data { createdCount updatedCount } } ... on Error { message } }
}`;

/** 30,000 facilities in the NASS CSV's 14 columns (about 4 MB as CSV: under the 5 MB limit). */
function nassTable() {
  const { columns } = demoNassTable();
  const rows = Array.from({ length: NASS }, (_, index) => {
    const state = STATES[index % STATES.length];
    return [
      `N${String(index).padStart(5, "0")}`,
      ["Eastern", "Central", "Southern", "Western"][index % 4],
      `Div ${index % 40}`,
      String(1_000_000 + index),
      `Facility ${index} P&DC`,
      `${index % 900} Main St`,
      `City ${index % 700}`,
      state,
      String(10_000 + ((index * 37) % 89_000)).padStart(5, "0"),
      "P&DC",
      "Plant",
      index % 3 ? "Mail Processing" : "Delivery Unit",
      index % 2 ? "Y" : "N",
      index % 5 ? "Y" : "N",
    ];
  });
  return { columns, rows };
}

const server = await startServerProcess("server-process.ts", { BENCH_LOADS: "50000" });
const db = createDb(server.databaseUrl);
const provider = providerOf(server.databaseUrl);

/** fetch, once more when a kept-alive socket was closed by the server while idle (during the fill). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await send(`${server.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${server.token}`,
      "x-graphql-csrf": "1",
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!response.ok || body.errors) throw new Error(`${response.status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

/** The smallest signed-in request, timed the same way: each list's p50 is also printed against it. */
const BASELINE = "query { __typename }";
let baselineP50 = 0;

/** p50/p99 over HTTP and the server's CPU per request (steadier than times on a busy machine). */
async function time(label: string, query: string, variables: Record<string, unknown>) {
  for (let index = 0; index < 10; index++) await graphql(query, variables);
  const samples: number[] = [];
  const before = await server.usage();
  for (let index = 0; index < ITERATIONS; index++) {
    const started = performance.now();
    await graphql(query, variables);
    samples.push(performance.now() - started);
  }
  const cpu = ((await server.usage()).cpuMs - before.cpuMs) / ITERATIONS;
  const { p50, p99 } = summary(samples);
  const ratio = baselineP50 ? `  x${(p50 / baselineP50).toFixed(1)} baseline` : "";
  console.log(
    `${label.padEnd(52)} p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}  server cpu ${ms(cpu).padStart(8)}${ratio}`,
  );
  return p50;
}

try {
  console.log(machineLoad());
  const table = nassTable();
  // A first small import loads the ZIP-centroid data set once, as any running server has.
  await graphql(IMPORT, { input: { columns: table.columns, rows: [table.rows[0]], fileName: "warm.csv" } });
  const graphqlImport = async (input: Record<string, unknown>) => {
    await db.nassCode.deleteMany({});
    const started = performance.now();
    const imported = await graphql<{ importNassCodes: { data?: { createdCount: number } } }>(IMPORT, {
      input,
    });
    if (imported.importNassCodes.data?.createdCount !== NASS) throw new Error(JSON.stringify(imported));
    return performance.now() - started;
  };
  // The screen sends the file's text; integrators may send it parsed (columns + rows).
  const importMs = await graphqlImport({
    csv: Papa.unparse({ fields: table.columns, data: table.rows }),
    fileName: "bench.csv",
  });
  const parsedImportMs = await graphqlImport({ ...table, fileName: "bench-parsed.csv" });

  await db.nassCode.deleteMany({});
  const restImport = async () => {
    const started = performance.now();
    const response = await send(`${server.url}/api/routing/nass/import`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ ...table, fileName: "bench-rest.csv" }),
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return performance.now() - started;
  };
  const restMs = await restImport();
  const reimportMs = await restImport();
  // Baseline: the same rows as raw multi-row INSERTs into the emptied table, no HTTP, no checks.
  await db.nassCode.deleteMany({});
  const columns: Column[] = [
    { name: "id", type: "text" },
    { name: "code", type: "text" },
    ...[
      "region",
      "division",
      "fdbid",
      "facilityName",
      "street",
      "city",
      "state",
      "zip",
      "typeCode",
      "subType",
      "facType",
    ].map((name): Column => ({ name, type: "text" })),
    { name: "originating", type: "boolean" },
    { name: "destinating", type: "boolean" },
    { name: "createdAt", type: "timestamp(3)" },
  ];
  const now = new Date();
  const rawStarted = performance.now();
  await runWriteTransaction(db, server.databaseUrl, () =>
    insertRows(provider, "NassCode", columns, NASS, (index, out) => {
      const row = table.rows[index];
      out.push(`raw${index}`, ...row.slice(0, 12), row[12] === "Y", row[13] === "Y", now);
    }),
  );
  const rawMs = performance.now() - rawStarted;
  console.log(
    `NASS import of ${NASS.toLocaleString("en-US")} new rows over HTTP: GraphQL ${ms(importMs)} (CSV text; parsed columns + rows ${ms(parsedImportMs)}), REST ${ms(restMs)}; REST again (all updates) ${ms(reimportMs)}; raw INSERTs ${ms(rawMs)}`,
  );
  console.log(
    `import / raw: GraphQL ${(importMs / rawMs).toFixed(2)}x (parsed ${(parsedImportMs / rawMs).toFixed(2)}x), REST ${(restMs / rawMs).toFixed(2)}x (target <= 3x)`,
  );

  // 10,000 routes: the 2,000 seeded plus 8,000; five loads each, two or three stops each.
  const routeColumns: Column[] = [
    { name: "id", type: "text" },
    { name: "routeNumber", type: "text" },
    { name: "createdAt", type: "timestamp(3)" },
    { name: "updatedAt", type: "timestamp(3)" },
  ];
  const existing = await db.route.count();
  const base = Date.now() - ROUTES * 60_000;
  await runWriteTransaction(db, server.databaseUrl, function* () {
    yield* insertRows(provider, "Route", routeColumns, ROUTES - existing, (index, out) => {
      const at = new Date(base + index * 60_000);
      out.push(`benchroute-x${index}`, `BR${String(index).padStart(6, "0")}`, at, at);
    });
  });
  const routes = await db.route.findMany({ select: { id: true, routeNumber: true }, orderBy: { id: "asc" } });
  const loads = await db.load.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  const nass = await db.nassCode.findMany({ select: { id: true }, take: 5000 });
  await runWriteTransaction(db, server.databaseUrl, function* () {
    yield* updateRows(
      provider,
      "Load",
      [
        { name: "routeId", type: "text" },
        { name: "routeNumber", type: "text" },
      ],
      loads.map((load, index) => {
        const route = routes[Math.floor(index / 5) % routes.length];
        return { key: load.id, values: [route.id, route.routeNumber] as SqlValue[] };
      }),
    );
    const stops = routes.flatMap((route, index) =>
      Array.from({ length: 2 + (index % 2) }, (_, position) => ({ route, position, index })),
    );
    yield* insertRows(
      provider,
      "RouteStop",
      [
        { name: "id", type: "text" },
        { name: "routeId", type: "text" },
        { name: "sequence", type: "integer" },
        { name: "type", type: "text" },
        { name: "nassCodeId", type: "text" },
      ],
      stops.length,
      (row, out) => {
        const { route, position, index } = stops[row];
        const type = position === 0 ? "pickup" : position === 1 ? "delivery" : "stop";
        out.push(
          `benchstop-${row}`,
          route.id,
          position + 1,
          type,
          nass[(index * 3 + position) % nass.length].id,
        );
      },
    );
  });
  console.log(
    `${await db.route.count()} routes, ${await db.load.count()} loads, ${await db.nassCode.count()} NASS codes`,
  );

  baselineP50 = await time("baseline: { __typename }", BASELINE, {});
  const first = await time("routes: first page (newest first)", ROUTE_LIST, { page: 1, pageSize: 50 });
  await time("routes: search 'br0012' (route number)", ROUTE_LIST, {
    search: "br0012",
    page: 1,
    pageSize: 50,
  });
  await time("routes: search 'freight' (carrier name)", ROUTE_LIST, {
    search: "freight",
    page: 1,
    pageSize: 50,
  });
  await time("routes: sort by pickup date", ROUTE_LIST, {
    orderBy: { field: "PICKUP_DATE", direction: "ASC" },
    page: 1,
    pageSize: 50,
  });
  const last = await time("routes: last page (200 of 50)", ROUTE_LIST, { page: ROUTES / 50, pageSize: 50 });
  const deep = await time("routes: page 1,000 of 10", ROUTE_LIST, { page: 1000, pageSize: 10 });
  console.log(
    `routes: last page / first = ${(last / first).toFixed(2)}x, page 1,000 / first = ${(deep / first).toFixed(2)}x (target <= 1.5x)`,
  );

  const nassFirst = await time("NASS: first page (by code)", NASS_LIST, { page: 1, pageSize: 50 });
  await time("NASS: search 'city 12' (city)", NASS_LIST, { search: "city 12", page: 1, pageSize: 50 });
  await time("NASS: search '601' (zip, code)", NASS_LIST, { search: "601", page: 1, pageSize: 50 });
  await time("NASS: filter state TX, destinating", NASS_LIST, {
    filter: { state: "TX", destinating: true },
    page: 1,
    pageSize: 50,
  });
  const nassLast = await time("NASS: last page (600 of 50)", NASS_LIST, { page: NASS / 50, pageSize: 50 });
  const nassDeep = await time("NASS: page 1,000 of 30", NASS_LIST, { page: 1000, pageSize: 30 });
  console.log(
    `NASS: last page / first = ${(nassLast / nassFirst).toFixed(2)}x, page 1,000 / first = ${(nassDeep / nassFirst).toFixed(2)}x (target <= 1.5x)`,
  );
} finally {
  await db.$disconnect();
  await server.stop();
}
