import Piscina from "piscina";

/**
 * Worker threads for work that would stall the event loop (bulk uploads: parsing, validation and
 * the write, each worker with its own database connection). One small pool per task file, made on
 * first use. From TypeScript (tsx: tests, development) a .ts worker loads through tsx too; from the
 * build (dist/, plain node) the worker is JavaScript and needs nothing.
 */
const pools = new Map<string, Piscina>();

function workerExecArgv(file: URL): string[] {
  if (!file.pathname.endsWith(".ts")) return process.execArgv;
  const viaTsx = process.execArgv.some((argument) => argument.includes("tsx"));
  return viaTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"];
}

/** `transfer`: buffers handed over to the worker instead of copied (they become unusable here). */
export function runInWorker<Task, Result>(
  file: URL,
  task: Task,
  transfer: ArrayBuffer[] = [],
): Promise<Result> {
  let pool = pools.get(file.href);
  if (!pool) {
    pool = new Piscina({
      filename: file.href,
      execArgv: workerExecArgv(file),
      minThreads: 0,
      // Uploads are one transaction each and the database takes one writer at a time.
      maxThreads: 2,
      idleTimeout: 60_000,
    });
    pools.set(file.href, pool);
  }
  return pool.run(task, { transferList: transfer }) as Promise<Result>;
}

/** Ends every worker (server shutdown, end of a test). */
export async function closeWorkers(): Promise<void> {
  const closing = [...pools.values()].map((pool) => pool.destroy());
  pools.clear();
  await Promise.all(closing);
}
