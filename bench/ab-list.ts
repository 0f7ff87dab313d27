/**
 * The computed load list, this tree against another (a baseline), measured side by side: on a
 * shared machine only figures taken in the same minutes compare. Each tree's server runs in its own
 * process, beside hello world; per round the three are measured one after the other (SWAP=1 puts
 * this tree first), and the server CPU per request is printed round by round.
 *
 *   git archive <commit> | tar -x -C /tmp/base   (then link node_modules, copy server/generated and
 *   the client's __generated__ folders into it)
 *   BASE_DIR=/tmp/base RESPONSE_CACHE=off npx tsx bench/ab-list.ts   (TEST_DATABASE=postgres too)
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import LoadListPageQuery from "../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { startNodeFlags } from "../scripts/start-flags.mjs";
import { CSRF_HEADER } from "../server/graphql/yoga.ts";
import { databaseCpuMeter, machineLoad, median } from "./processes.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DURATION = Number(process.env.DURATION ?? 5);
const BASE_DIR = process.env.BASE_DIR;
if (!BASE_DIR) throw new Error("BASE_DIR: the baseline tree's folder");
const HERE = fileURLToPath(new URL("..", import.meta.url));

interface Server {
  url: string;
  token: string;
  databaseUrl: string;
  usage(): Promise<{ cpuMs: number }>;
  stop(): Promise<void>;
}

let nextId = 1;
async function start(root: string, script: string, env: Record<string, string> = {}): Promise<Server> {
  const child = fork(`${root}/bench/${script}`, [], {
    cwd: root,
    execArgv: ["--import", "tsx", ...(script === "server-process.ts" ? startNodeFlags(root) : [])],
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = await new Promise<{ url: string; token: string; databaseUrl: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${root}/bench/${script} exited with ${code}`)));
    child.on("message", (message: { type?: string; url: string; token: string; databaseUrl: string }) => {
      if (message.type === "ready") resolve(message);
    });
  });
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      const listener = (message: { id?: number }) => {
        if (message.id !== id) return;
        child.off("message", listener);
        resolve(message as T);
      };
      child.on("message", listener);
      child.send({ type, id });
    });
  return {
    ...ready,
    usage: () => ask("usage"),
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      void ask("stop");
      await exited;
    },
  };
}

const listBody = JSON.stringify({
  query: LoadListPageQuery.params.text,
  operationName: "LoadListPageQuery",
  variables: { page: 1, pageSize: 50 },
});
const listRequest = (server: Server) => ({
  url: `${server.url}/graphql`,
  method: "POST" as const,
  headers: {
    "content-type": "application/json",
    [CSRF_HEADER]: "1",
    authorization: `Bearer ${server.token}`,
  },
  body: listBody,
});

console.log(`${machineLoad()}; ${process.env.TEST_DATABASE ?? "sqlite"}`);
const hello = await start(HERE, "hello-process.ts");
const base = await start(BASE_DIR, "server-process.ts", { BENCH_LOADS: "10000" });
const next = await start(HERE, "server-process.ts", { BENCH_LOADS: "10000" });
const lists: [string, Server][] = [
  ["base", base],
  ["this", next],
];
if (process.env.SWAP) lists.reverse();
const targets = [
  {
    label: "hello",
    server: hello,
    request: {
      url: `${hello.url}/graphql`,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ hello }" }),
    },
  },
  ...lists.map(([label, server]) => ({ label, server, request: listRequest(server) })),
];
// PostgreSQL's backends' CPU for each list server (none on SQLite).
const meters = new Map(
  await Promise.all(
    lists.map(async ([label, server]) => [label, await databaseCpuMeter(server.databaseUrl)] as const),
  ),
);
const databaseCpu = new Map<string, number[]>();
try {
  for (const target of targets) {
    const text = await (await fetch(target.request.url, target.request)).text();
    if (target.label !== "hello" && (text.match(/"loadId"/g) ?? []).length !== 50)
      throw new Error(`${target.label}: ${text.slice(0, 300)}`);
    await autocannon({ ...target.request, connections: 50, duration: 2 });
  }
  const cpu = new Map<string, number[]>();
  const rps = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      const meter = meters.get(target.label);
      const before = await target.server.usage();
      const databaseBefore = await meter?.read();
      const result = await autocannon({ ...target.request, connections: 50, duration: DURATION });
      const after = await target.server.usage();
      const databaseAfter = await meter?.read();
      if (meter)
        databaseCpu.set(target.label, [
          ...(databaseCpu.get(target.label) ?? []),
          meter.spent(databaseBefore!, databaseAfter!) / Math.max(1, result.requests.total),
        ]);
      cpu.set(target.label, [
        ...(cpu.get(target.label) ?? []),
        (after.cpuMs - before.cpuMs) / Math.max(1, result.requests.total),
      ]);
      rps.set(target.label, [...(rps.get(target.label) ?? []), result.requests.average]);
    }
  }
  for (const { label } of targets) {
    const list = cpu.get(label) ?? [];
    console.log(
      `${label.padEnd(6)} server CPU ${median(list).toFixed(3)} ms/req (rounds: ${list.map((value) => value.toFixed(2)).join(", ")}), ${median(rps.get(label) ?? []).toFixed(0)} req/s`,
    );
    const database = databaseCpu.get(label);
    if (database)
      console.log(
        `       database CPU ${median(database).toFixed(3)} ms/req (rounds: ${database.map((value) => value.toFixed(2)).join(", ")})`,
      );
  }
  const helloCpu = median(cpu.get("hello") ?? []);
  for (const [label] of lists)
    console.log(
      `hello's CPU per request as a share of ${label}'s: ${((100 * helloCpu) / median(cpu.get(label) ?? [])).toFixed(1)}%`,
    );
  console.log(`after: ${machineLoad()}`);
} finally {
  await Promise.all([...meters.values()].map((meter) => meter?.close()));
  await Promise.all([hello.stop(), base.stop(), next.stop()]);
}
