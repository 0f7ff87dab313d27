/**
 * Requests per second over real HTTP, from this process against servers in their own processes:
 * the load list screen's GraphQL document (first page of 50, signed in as an admin),
 * GET /api/auth/check-session, and a bare Yoga "hello world" built from the same node_modules as
 * the reference. autocannon, 50 connections; the three run interleaved, ROUNDS times, and the
 * ratios of the medians are printed.
 *
 *   npx tsx bench/throughput.ts            (SQLite; TEST_DATABASE=postgres for PostgreSQL)
 *   BENCH_LOADS=10000 ROUNDS=3 DURATION=8 CPU_PROF=1 npx tsx bench/throughput.ts
 */
import autocannon from "autocannon";
import LoadListPageQuery from "../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import {
  databaseCpuMeter,
  machineLoad,
  median,
  type ServerProcess,
  startServerProcess,
} from "./processes.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const LOADS = process.env.BENCH_LOADS ?? "10000";

const listBody = JSON.stringify({
  query: LoadListPageQuery.params.text,
  operationName: "LoadListPageQuery",
  variables: { page: 1, pageSize: 50 },
});

interface Target {
  label: string;
  server: ServerProcess;
  request: autocannon.Options;
  check(status: number, body: string): boolean;
}

interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  /** PostgreSQL's backends' CPU per request (0 on SQLite and for hello world). */
  databaseCpuMsPerRequest: number;
  failures: number;
  /** Of the failures: answers other than 2xx (503 from the overload gate), and timeouts. */
  non2xx: number;
  timeouts: number;
}

async function run(target: Target): Promise<Sample> {
  const meter = target.server === app ? database : null;
  const before = await target.server.usage();
  const databaseBefore = await meter?.read();
  const result = await autocannon({ ...target.request, connections: CONNECTIONS, duration: DURATION });
  const after = await target.server.usage();
  const databaseAfter = await meter?.read();
  const done = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (after.cpuMs - before.cpuMs) / Math.max(1, done),
    databaseCpuMsPerRequest:
      meter && databaseBefore && databaseAfter
        ? meter.spent(databaseBefore, databaseAfter) / Math.max(1, done)
        : 0,
    failures: result.non2xx + result.errors + result.timeouts,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

console.log(
  `${machineLoad()}; ${LOADS} loads; ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections`,
);
const hello = await startServerProcess("hello-process.ts");
const app = await startServerProcess("server-process.ts", { BENCH_LOADS: LOADS });
const database = await databaseCpuMeter(app.databaseUrl);
try {
  const auth = { authorization: `Bearer ${app.token}` };
  const targets: Target[] = [
    {
      label: "hello world (bare Yoga)",
      server: hello,
      request: {
        url: `${hello.url}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ hello }" }),
      },
      check: (status, body) => status === 200 && body.includes('"world"'),
    },
    {
      label: "load list, page 1 of 50 (GraphQL)",
      server: app,
      request: {
        url: `${app.url}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json", [CSRF_HEADER]: "1", ...auth },
        body: listBody,
      },
      check: (status, body) =>
        status === 200 && !body.includes('"errors"') && (body.match(/"loadId"/g) ?? []).length === 50,
    },
    {
      label: "GET /api/auth/check-session",
      server: app,
      request: { url: `${app.url}/api/auth/check-session`, method: "GET", headers: auth },
      check: (status, body) => status === 200 && body.includes('"valid":true'),
    },
  ];
  // ONLY=list (or check, hello) measures one target, e.g. for a CPU profile.
  const only = process.env.ONLY;
  if (only)
    targets.splice(
      0,
      targets.length,
      ...targets.filter((target) => target.label.toLowerCase().includes(only)),
    );
  for (const target of targets) {
    const { url, method, headers, body } = target.request;
    const response = await fetch(url as string, {
      method,
      headers: headers as HeadersInit,
      body: body as string,
    });
    const text = await response.text();
    if (!target.check(response.status, text))
      throw new Error(`${target.label}: ${response.status} ${text.slice(0, 300)}`);
    await autocannon({ ...target.request, connections: CONNECTIONS, duration: 2 }); // warm-up
  }
  const samples = targets.map(() => [] as Sample[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) samples[index].push(await run(target));
  }
  const rps = samples.map((list) => median(list.map((sample) => sample.requestsPerSecond)));
  for (const [index, target] of targets.entries()) {
    const list = samples[index];
    const failures = list.reduce((sum, sample) => sum + sample.failures, 0);
    const non2xx = list.reduce((sum, sample) => sum + sample.non2xx, 0);
    const timeouts = list.reduce((sum, sample) => sum + sample.timeouts, 0);
    console.log(
      `${target.label.padEnd(36)} ${rps[index].toFixed(0).padStart(6)} req/s  p50 ${median(
        list.map((s) => s.p50),
      )
        .toFixed(0)
        .padStart(4)} ms  p99 ${median(list.map((s) => s.p99))
        .toFixed(0)
        .padStart(
          4,
        )} ms  server CPU ${median(list.map((s) => s.cpuMsPerRequest)).toFixed(2)} ms/req${failures ? `  FAILURES ${failures} (non-2xx ${non2xx}, timeouts ${timeouts})` : ""}  (rounds: ${list.map((s) => s.requestsPerSecond.toFixed(0)).join(", ")})`,
    );
  }
  if (!only) {
    console.log(
      `req/s as a share of hello world's: load list ${((100 * rps[1]) / rps[0]).toFixed(1)}% (goal >= ${process.env.TEST_DATABASE === "postgres" ? 20 : 25}%), check-session ${((100 * rps[2]) / rps[0]).toFixed(1)}% (goal >= 50%)`,
    );
    // On a shared machine the CPU per request is the steadier measure: the same ratio from it.
    const cpu = samples.map((list) => median(list.map((sample) => sample.cpuMsPerRequest)));
    console.log(
      `hello world's server CPU per request as a share of theirs: load list ${((100 * cpu[0]) / cpu[1]).toFixed(1)}%, check-session ${((100 * cpu[0]) / cpu[2]).toFixed(1)}%`,
    );
    if (database) {
      const both = samples.map((list) =>
        median(list.map((sample) => sample.cpuMsPerRequest + sample.databaseCpuMsPerRequest)),
      );
      console.log(
        `the same with PostgreSQL's CPU added to theirs: load list ${((100 * cpu[0]) / both[1]).toFixed(1)}%, check-session ${((100 * cpu[0]) / both[2]).toFixed(1)}%`,
      );
    }
  }
  console.log(`after: ${machineLoad()}`);
} finally {
  await database?.close();
  await app.stop();
  await hello.stop();
}
