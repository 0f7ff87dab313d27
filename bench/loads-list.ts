/**
 * Load list speed at scale: `npx tsx bench/loads-list.ts [loads]` (default 100,000).
 *
 * Fills a fresh database (SQLite; PostgreSQL with TEST_DATABASE=postgres) with realistic loads,
 * routes and carriers, then sends the list screen's GraphQL document through the app's fetch
 * handler (auth, parsing, validation, execution, serialization included) and prints p50/p99.
 * Targets: first page and search under 20 ms p50 and 50 ms p99.
 */
import "./production-mode.ts";
import { planColumns } from "../common/loads/upload-columns.ts";
import { runWriteTransaction } from "../server/db/bulk.ts";
import { providerOf } from "../server/db/client.ts";
import { parseUploadRows } from "../server/loads/upload/rows.ts";
import { sourceOfRows, writeUpload } from "../server/loads/upload/write.ts";
import { CSV_HEADERS, loadRows, ms, summary } from "./fixtures.ts";
import { benchApp, graphqlRequest, timed } from "./support.ts";

const loadCount = Number(process.argv[2] ?? 100_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

const LIST_QUERY = `query LoadListPageQuery($search: String, $page: Int, $filter: LoadFilter, $orderBy: LoadOrder) {
  lastUpload { createdAt }
  loads(search: $search, page: $page, pageSize: 50, filter: $filter, orderBy: $orderBy) {
    totalCount
    pageCount
    page
    edges {
      node {
        id
        loadId
        routeNumber
        customer
        carrierName
        status
        pickupDate
        deliveryDate
        trackingLink
      }
    }
  }
}`;

const bench = await benchApp();
const { db } = bench.app.deps;
try {
  const fillStarted = performance.now();
  const admin = await db.user.findFirstOrThrow({ where: { role: "ADMIN" } });
  const parsed = parseUploadRows(planColumns(CSV_HEADERS), loadRows(loadCount, 1, 7, 2000), "UTC");
  await runWriteTransaction(db, bench.database.url, () =>
    writeUpload({
      provider: providerOf(bench.database.url),
      batchId: "bench",
      actor: { id: admin.id, ip: null },
      stream: "USPS",
      fileNames: [],
      source: sourceOfRows(parsed.rows),
      now: new Date(),
    }),
  );
  const carriers = [
    "Ramirez Trucking",
    "Brooks Freight",
    "Zenith Haulers",
    "Acme Logistics",
    "Blue Line Express",
  ];
  for (const [index, carrierName] of carriers.entries()) {
    const carrier = await db.carrier.create({
      data: {
        carrierId: `C-${index}`,
        carrierName,
        dotNumber: `DOT${index}`,
        mcNumber: `MC${index}`,
        contactName: "Dispatch",
        contactPhone: "+12015550100",
        contactEmail: `dispatch${index}@example.com`,
      },
    });
    await db.$executeRawUnsafe(
      `UPDATE "Load" SET "carrierId" = '${carrier.id}' WHERE "loadId" LIKE '%${index}'`,
    );
  }
  console.log(`${await db.load.count()} loads in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

  const scenarios: [string, Record<string, unknown>][] = [
    ["first page (newest first)", { page: 1 }],
    ["search '00123' (any case, substring)", { search: "00123", page: 1 }],
    ["search 'usps-0099' (other case)", { search: "usps-0099", page: 1 }],
    ["search with no match", { search: "ZZZ-NOPE", page: 1 }],
    [
      "filter in_transit, sort pickupDate asc",
      { filter: { status: ["in_transit"] }, orderBy: { field: "PICKUP_DATE", direction: "ASC" }, page: 1 },
    ],
    ["sort by carrier desc", { orderBy: { field: "CARRIER", direction: "DESC" }, page: 1 }],
    ["sort by route asc", { orderBy: { field: "ROUTE", direction: "ASC" }, page: 1 }],
    ["jump to page 1000", { page: 1000 }],
  ];
  for (const [label, variables] of scenarios) {
    const body = JSON.stringify({ query: LIST_QUERY, variables });
    const send = async () => {
      const response = await bench.app.fetch(graphqlRequest(body, bench.token));
      const result = (await response.json()) as {
        errors?: unknown;
        data?: { loads: { totalCount: number } };
      };
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data!.loads.totalCount;
    };
    let total = 0;
    for (let index = 0; index < 10; index++) total = await send();
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let index = 0; index < ITERATIONS; index++) samples.push((await timed(send)).elapsed);
    const cpu = process.cpuUsage(cpuBefore);
    const { p50, p99 } = summary(samples);
    // CPU per request: what a request costs this process, whatever else the machine runs.
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / ITERATIONS;
    console.log(
      `${label.padEnd(42)} p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}  cpu ${ms(cpuPerRequest).padStart(9)}  (${total} matches)`,
    );
  }
} finally {
  await bench.close();
}
