/**
 * A production-mode server in a process of its own, for tests that must tell the server's stalls
 * and CPU from their own client's (test/support/server-process.ts is the child). The parent asks
 * it over IPC for its CPU time and to stop.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ServerChild {
  url: string;
  /** An access token of the user the child created (SERVER_USER_EMAIL, SERVER_USER_ROLE). */
  token: string;
  child: ChildProcess;
  /** CPU milliseconds the server process has used so far. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

let nextId = 1;

export async function startServerChild(user: {
  email: string;
  role?: "ADMIN" | "CARRIER";
}): Promise<ServerChild> {
  // Not a vitest worker: the child migrates its own database (test/support/database.ts).
  const { VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...parentEnv } = process.env;
  const child = fork(fileURLToPath(new URL("server-process.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    env: {
      ...parentEnv,
      NODE_ENV: "production",
      SERVER_USER_EMAIL: user.email,
      SERVER_USER_ROLE: user.role ?? "CARRIER",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ask = <T>(type: string): Promise<T> =>
    new Promise((resolve) => {
      const id = nextId++;
      const listener = (message: { id?: number }) => {
        if (message.id !== id) return;
        child.off("message", listener);
        resolve(message as T);
      };
      child.on("message", listener);
      child.send({ type, id });
    });
  const ready = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server child exited with ${code}`)));
    child.on("message", (message: { type?: string; url: string; token: string }) => {
      if (message.type === "ready") resolve(message);
    });
  });
  return {
    ...ready,
    child,
    cpuMs: async () => (await ask<{ cpuMs: number }>("usage")).cpuMs,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await Promise.race([ask("stop"), exited]);
      await exited;
    },
  };
}
