/**
 * The load list at scale over real HTTP:  npx tsx bench/scale.ts [sizes]  (default
 * 10000,100000,1000000; TEST_DATABASE=postgres for PostgreSQL; ITERATIONS=40). One server process
 * per size starts on a fresh database filled by direct SQL; then the list screen's GraphQL
 * document is sent one request at a time for: the first page, a search, the first page sorted by
 * every sortable column both ways, and the last page. The sizes take turns request by request, so
 * a change in the machine's load touches every size alike and the ratio of each size's p50 to the
 * previous size's is measured in one run. Answers are computed (RESPONSE_CACHE=off) unless
 * RESPONSE_CACHE=on asks to measure kept answers (SQLite only). Prints p50/p95/p99 per size.
 */
import "./production-mode.ts";
import LoadListPageQuery from "../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import { machineLoad, median, percentile, type ServerProcess, startServerProcess } from "./processes.ts";

const sizes = (process.argv[2] ?? "10000,100000,1000000").split(",").map(Number);
const ITERATIONS = Number(process.env.ITERATIONS ?? 40);
const responseCache = process.env.RESPONSE_CACHE === "on" ? "on" : "off";
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

/** Each scenario's variables for a list of `size` loads. */
const SCENARIOS: [string, (size: number) => Record<string, unknown>][] = [
  ["first page", () => ({ page: 1 })],
  ["search '00123'", () => ({ search: "00123", page: 1 })],
  ["search 'bench-0000777' (one load)", () => ({ search: "bench-0000777", page: 1 })],
  ...SORTS.flatMap((field) =>
    (["ASC", "DESC"] as const).map(
      (direction) =>
        [`sort ${field} ${direction}`, () => ({ orderBy: { field, direction }, page: 1 })] as [
          string,
          (size: number) => Record<string, unknown>,
        ],
    ),
  ),
  ["last page", (size) => ({ page: Math.ceil(size / 50) })],
  [
    "last page sorted by ROUTE",
    (size) => ({ orderBy: { field: "ROUTE", direction: "ASC" }, page: Math.ceil(size / 50) }),
  ],
  ["filter in_transit", () => ({ filter: { status: ["in_transit"] }, page: 1 })],
];

interface Loads {
  totalCount: number;
  edges: unknown[];
}

async function send(server: ServerProcess, label: string, variables: Record<string, unknown>) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [CSRF_HEADER]: "1",
      authorization: `Bearer ${server.token}`,
    },
    body: JSON.stringify({ query: LoadListPageQuery.params.text, variables: { pageSize: 50, ...variables } }),
  });
  const result = (await response.json()) as { errors?: unknown; data?: { loads: Loads } };
  if (result.errors || !result.data) throw new Error(`${label}: ${JSON.stringify(result.errors)}`);
  return result.data.loads;
}

console.log(
  `${machineLoad()}; sizes ${sizes.join(", ")}; ${ITERATIONS} requests per scenario and size, taking turns; RESPONSE_CACHE=${responseCache}`,
);
const servers: ServerProcess[] = [];
try {
  for (const size of sizes) {
    const started = performance.now();
    servers.push(
      await startServerProcess("server-process.ts", {
        BENCH_LOADS: String(size),
        RESPONSE_CACHE: responseCache,
        // The first size's session must outlive the seeding of the later ones.
        ACCESS_TOKEN_TTL_SECONDS: "14400",
      }),
    );
    console.log(
      `${size.toLocaleString("en-US")} loads ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const rows = new Map<number, string[]>(sizes.map((size) => [size, []]));
  for (const [label, variablesFor] of SCENARIOS) {
    const samples = sizes.map(() => [] as number[]);
    const answers: Loads[] = [];
    for (const [index, server] of servers.entries()) {
      const variables = variablesFor(sizes[index]);
      for (let warm = 0; warm < 4; warm++) answers[index] = await send(server, label, variables);
    }
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      for (const [index, server] of servers.entries()) {
        const begun = performance.now();
        await send(server, label, variablesFor(sizes[index]));
        samples[index].push(performance.now() - begun);
      }
    }
    sizes.forEach((size, index) => {
      const p50 = median(samples[index]);
      const ratio = index > 0 ? `  ${(p50 / median(samples[index - 1])).toFixed(2)}x the previous size` : "";
      rows
        .get(size)!
        .push(
          `  ${label.padEnd(36)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${percentile(samples[index], 0.95).toFixed(1).padStart(7)}  p99 ${percentile(samples[index], 0.99).toFixed(1).padStart(7)}  (${answers[index].edges.length} rows of ${answers[index].totalCount})${ratio}`,
        );
    });
  }
  for (const size of sizes)
    console.log(`\n${size.toLocaleString("en-US")} loads\n${rows.get(size)!.join("\n")}`);
} finally {
  for (const server of servers) await server.stop();
}
console.log(`\nafter: ${machineLoad()}`);
