/**
 * Load under many signed-in clients: `npx tsx bench/load.ts [clients=200] [seconds=20]`.
 *
 * Starts the production-mode server in another process (fresh SQLite file, demo data), signs in
 * the demo admin, then autocannon keeps `clients` connections busy on the load list's GraphQL
 * query for a bounded time and prints req/s, p50/p99 latency and errors, beside a baseline
 * (GET /healthz at the same concurrency) measured in the same run; then the same list through REST
 * (GET /api/loads, first page of 50).
 *
 * The document is the load list screen's own (LoadListPageQuery, first page of 50). LIST=stops
 * asks for each load's stops too (read through Prisma: an answer the response cache never keeps);
 * RESPONSE_CACHE=off measures every answer computed. Latencies are of 2xx answers only (autocannon's
 * rule); a request unanswered after 10 s is a timeout (autocannon drops the socket and reconnects).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import LoadListPageQuery from "../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { DEMO_PASSWORD } from "../server/seed/demo.ts";
import { machineLoad } from "./processes.ts";

const clients = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 20);
const dir = mkdtempSync(join(tmpdir(), "freightway-load-"));
// node itself with tsx's loader (not npx, whose own process may exit and leave the server orphaned).
const server = spawn(process.execPath, ["--import", "tsx", "bench/load-server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: `file:${join(dir, "load.db")}`,
    OUTBOX_DIR: dir,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve, reject) => {
  server.stdout.on("data", (chunk: Buffer) => {
    const match = /LISTENING (\S+)/.exec(chunk.toString());
    if (match) resolve(match[1]);
  });
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const login = await fetch(`${url}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "admin@freightway.test", password: DEMO_PASSWORD, platform: "desktop" }),
});
const { token } = (await login.json()) as { token: string };

const LIST = JSON.stringify(
  process.env.LIST === "stops"
    ? {
        query: `query { loads(page: 1, pageSize: 50) { totalCount edges { node { id loadId status customer pickupDate stops { id } } } } }`,
      }
    : {
        query: LoadListPageQuery.params.text,
        operationName: "LoadListPageQuery",
        variables: { page: 1, pageSize: 50 },
      },
);

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: clients, duration: seconds, ...options });
  // autocannon counts a timeout in `errors` too (lib/run.js onTimeout): the socket errors are the rest.
  const socketErrors = result.errors - result.timeouts;
  const errors = result.errors + result.non2xx;
  console.log(
    `${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  errors ${errors} (socket ${socketErrors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}: ${JSON.stringify(result.statusCodeStats)})`,
  );
  return result;
}

try {
  console.log(
    `${clients} clients, ${seconds} s each; ${machineLoad()}; document: ${process.env.LIST === "stops" ? "loads with stops" : "LoadListPageQuery"}; response cache ${process.env.RESPONSE_CACHE === "off" ? "off" : "on"}`,
  );
  const baseline = await run("baseline GET /healthz", { url: `${url}/healthz` });
  const list = await run("load list (GraphQL, admin)", {
    url: `${url}/graphql`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "x-graphql-yoga-csrf": "1",
    },
    body: LIST,
  });
  console.log(
    `ratio list/baseline: ${(list.requests.average / baseline.requests.average).toFixed(2)} of the req/s, p99 ${(list.latency.p99 / Math.max(1, baseline.latency.p99)).toFixed(1)}x`,
  );
  // The same list through the REST compatibility layer: the same service, its own route.
  const rest = await run("load list (REST, admin)", {
    url: `${url}/api/loads?page=1&limit=50`,
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(
    `ratio REST list/baseline: ${(rest.requests.average / baseline.requests.average).toFixed(2)} of the req/s, p99 ${(rest.latency.p99 / Math.max(1, baseline.latency.p99)).toFixed(1)}x`,
  );
} finally {
  server.kill("SIGTERM");
}
