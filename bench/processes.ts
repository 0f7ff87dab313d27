import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { startNodeFlags } from "../scripts/start-flags.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A server under test running in a child process (bench/server-process.ts or hello-process.ts). */
export interface ServerProcess {
  url: string;
  token: string;
  databaseUrl: string;
  child: ChildProcess;
  /** CPU milliseconds the server process has used so far, and its resident memory. */
  usage(): Promise<{ cpuMs: number; rssBytes: number }>;
  /** Any other question the script answers (a message of `type` with `fields`, matched by id). */
  ask<T>(type: string, fields?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

let nextId = 1;

/**
 * Forks `script` (a file in bench/) with tsx; CPU_PROF=1 writes a V8 CPU profile of the server
 * to ./profiles when it stops.
 */
export async function startServerProcess(
  script: "server-process.ts" | "hello-process.ts" | "first-screen-server.ts",
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const execArgv = ["--import", "tsx", ...(script === "hello-process.ts" ? [] : startNodeFlags(ROOT))];
  if (process.env.CPU_PROF === "1") execArgv.push("--cpu-prof", "--cpu-prof-dir=profiles");
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    execArgv,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ask = <T>(type: string, fields: Record<string, unknown> = {}): Promise<T> =>
    new Promise((resolve) => {
      const id = nextId++;
      const listener = (message: { id?: number }) => {
        if (message.id !== id) return;
        child.off("message", listener);
        resolve(message as T);
      };
      child.on("message", listener);
      child.send({ ...fields, type, id });
    });
  const ready = await new Promise<{ url: string; token: string; databaseUrl: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.on("message", (message: { type?: string; url: string; token: string; databaseUrl: string }) => {
      if (message.type === "ready") resolve(message);
    });
  });
  return {
    ...ready,
    child,
    usage: () => ask<{ cpuMs: number; rssBytes: number }>("usage"),
    ask,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await Promise.race([ask("stop"), exited]);
      await exited;
    },
  };
}

/** What else the machine is doing: benchmarks here share 2 cores with other work. */
export function machineLoad(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} on ${cpus().length} cores`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which `fraction` of the samples lie (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))];
}

/** CPU milliseconds per PostgreSQL backend process id, read at one moment. */
export type BackendTimes = Map<number, number>;

/**
 * PostgreSQL's side of a server's requests: the CPU time of the backends connected to its
 * database (from /proc, so only for a PostgreSQL server on this machine), null on SQLite. On 2
 * shared cores the database's CPU per request costs throughput as much as the server's own.
 * `spent` adds what each backend used between two readings (all of it for a backend that started
 * meanwhile; a backend that exited meanwhile takes its last moments with it).
 */
export async function databaseCpuMeter(databaseUrl: string): Promise<{
  read(): Promise<BackendTimes>;
  spent(before: BackendTimes, after: BackendTimes): number;
  close(): Promise<void>;
} | null> {
  if (!databaseUrl.startsWith("postgres")) return null;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const msPerTick = 1000 / 100; // USER_HZ (getconf CLK_TCK) is 100 on Linux
  return {
    async read() {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      const times: BackendTimes = new Map();
      for (const { pid } of rows) {
        try {
          // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
          times.set(pid, (Number(fields[11]) + Number(fields[12])) * msPerTick);
        } catch {
          // The backend exited meanwhile.
        }
      }
      return times;
    },
    spent(before, after) {
      let total = 0;
      for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
      return total;
    },
    close: () => client.end(),
  };
}
