/**
 * The load list at scale over real HTTP:  npx tsx bench/scale.ts [sizes]  (default
 * 10000,100000,1000000; TEST_DATABASE=postgres for PostgreSQL; ITERATIONS=40). For each size a
 * server process starts on a fresh database filled by direct SQL, then the list screen's GraphQL
 * document is sent one request at a time for: the first page, a search, the first page sorted by
 * every sortable column both ways, and the last page. Prints p50/p95/p99 and, for each size after
 * the first, the ratio of its p50 to the previous size's.
 */
import "./production-mode.ts";
import LoadListPageQuery from "../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import { machineLoad, median, percentile, startServerProcess } from "./processes.ts";

const sizes = (process.argv[2] ?? "10000,100000,1000000").split(",").map(Number);
const ITERATIONS = Number(process.env.ITERATIONS ?? 40);
const SORTS = [
  "LOAD_ID",
  "ROUTE",
  "CUSTOMER",
  "CARRIER",
  "STATUS",
  "PICKUP_DATE",
  "DELIVERY_DATE",
  "CREATED_AT",
];

function scenarios(size: number): [string, Record<string, unknown>][] {
  const lastPage = Math.ceil(size / 50);
  return [
    ["first page", { page: 1 }],
    ["search '00123'", { search: "00123", page: 1 }],
    ["search 'bench-0000777' (one load)", { search: "bench-0000777", page: 1 }],
    ...SORTS.flatMap((field) =>
      (["ASC", "DESC"] as const).map(
        (direction) =>
          [`sort ${field} ${direction}`, { orderBy: { field, direction }, page: 1 }] as [
            string,
            Record<string, unknown>,
          ],
      ),
    ),
    ["last page", { page: lastPage }],
    ["last page sorted by ROUTE", { orderBy: { field: "ROUTE", direction: "ASC" }, page: lastPage }],
    ["filter in_transit", { filter: { status: ["in_transit"] }, page: 1 }],
  ];
}

console.log(`${machineLoad()}; sizes ${sizes.join(", ")}; ${ITERATIONS} requests per scenario`);
const p50s = new Map<string, number[]>();
for (const size of sizes) {
  const started = performance.now();
  const server = await startServerProcess("server-process.ts", { BENCH_LOADS: String(size) });
  console.log(
    `\n${size.toLocaleString("en-US")} loads (server ready in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  try {
    for (const [label, variables] of scenarios(size)) {
      const body = JSON.stringify({
        query: LoadListPageQuery.params.text,
        variables: { pageSize: 50, ...variables },
      });
      const send = async () => {
        const response = await fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [CSRF_HEADER]: "1",
            authorization: `Bearer ${server.token}`,
          },
          body,
        });
        const result = (await response.json()) as {
          errors?: unknown;
          data?: { loads: { totalCount: number; edges: unknown[] } };
        };
        if (result.errors || !result.data) throw new Error(`${label}: ${JSON.stringify(result.errors)}`);
        return result.data.loads;
      };
      let answer = await send();
      for (let index = 0; index < 3; index++) answer = await send();
      const samples: number[] = [];
      for (let index = 0; index < ITERATIONS; index++) {
        const begun = performance.now();
        await send();
        samples.push(performance.now() - begun);
      }
      const p50 = median(samples);
      const previous = p50s.get(label);
      const ratio = previous?.length
        ? `  ${(p50 / previous[previous.length - 1]).toFixed(2)}x the previous size`
        : "";
      p50s.set(label, [...(previous ?? []), p50]);
      console.log(
        `  ${label.padEnd(36)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${percentile(samples, 0.95).toFixed(1).padStart(7)}  p99 ${percentile(samples, 0.99).toFixed(1).padStart(7)}  (${answer.edges.length} rows of ${answer.totalCount})${ratio}`,
      );
    }
  } finally {
    await server.stop();
  }
}
console.log(`\nafter: ${machineLoad()}`);
