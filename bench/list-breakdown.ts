/**
 * Where a list request's CPU goes: the server's CPU per request for a ladder of documents, from a
 * bare `__typename` up to the load list screen's own document, over real HTTP from this process.
 *
 *   npx tsx bench/list-breakdown.ts
 */
import autocannon from "autocannon";
import LoadListPageQuery from "../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import { machineLoad, startServerProcess } from "./processes.ts";

const DURATION = Number(process.env.DURATION ?? 4);
const ladder: [string, string, Record<string, unknown>][] = [
  ["{ __typename }", "{ __typename }", {}],
  ["viewer id", "{ viewer { id } }", {}],
  ["loads, 1 row, id", "{ loads(page: 1, pageSize: 1) { totalCount edges { node { id } } } }", {}],
  ["loads, 50 rows, id", "{ loads(page: 1, pageSize: 50) { totalCount edges { node { id } } } }", {}],
  [
    "loads, 50 rows, loadId customer",
    "{ loads(page: 1, pageSize: 50) { totalCount edges { node { id loadId customer } } } }",
    {},
  ],
  ["list screen document", LoadListPageQuery.params.text as string, { page: 1, pageSize: 50 }],
];

console.log(machineLoad());
const app = await startServerProcess("server-process.ts", { BENCH_LOADS: "10000" });
try {
  for (const [label, query, variables] of ladder) {
    const request = {
      url: `${app.url}/graphql`,
      method: "POST" as const,
      headers: {
        "content-type": "application/json",
        [CSRF_HEADER]: "1",
        authorization: `Bearer ${app.token}`,
      },
      body: JSON.stringify({ query, variables }),
    };
    const check = await fetch(request.url, request);
    const text = await check.text();
    if (text.includes('"errors"')) throw new Error(`${label}: ${text.slice(0, 300)}`);
    await autocannon({ ...request, connections: 20, duration: 1 });
    const before = await app.usage();
    const result = await autocannon({ ...request, connections: 20, duration: DURATION });
    const after = await app.usage();
    const cpu = (after.cpuMs - before.cpuMs) / Math.max(1, result.requests.total);
    console.log(
      `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s  CPU ${cpu.toFixed(2)} ms/req`,
    );
  }
} finally {
  await app.stop();
}
