import { type ChildProcess, fork } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

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
  const execArgv = ["--import", "tsx"];
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
