/**
 * Start to the first `/healthz` 200 of the built server (`node dist/server/main.js`, what
 * `npm start` runs once built), on an already migrated SQLite database, against a baseline measured
 * in the same run: plain node starting an HTTP server that answers at once. Alternates the two,
 * RUNS times each, and prints the medians and their difference (the server's own start).
 *
 *   node scripts/build.mjs server && npx tsx bench/startup.ts
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { machineLoad, median } from "./processes.ts";

const RUNS = Number(process.env.RUNS ?? 7);
const BASELINE = `require("node:http").createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1")`;

async function timeToFirst200(args: string[], port: number, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (answer?.status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

if (!existsSync("dist/server/main.js")) throw new Error("Build first: node scripts/build.mjs server");
const dir = mkdtempSync(join(tmpdir(), "freightway-startup-"));
const env = {
  DATABASE_URL: `file:${join(dir, "db.sqlite")}`,
  OUTBOX_DIR: join(dir, "outbox"),
  REDIS_URL: "",
  // Nothing routes to these instances: stop at once instead of waiting for a load balancer.
  SHUTDOWN_DELAY_SECONDS: "0",
};
console.log(`${machineLoad()}; ${RUNS} runs each`);
// The first start migrates the new database; the runs measure restarts, as an operator sees them.
await timeToFirst200(["dist/server/main.js"], 4310, env);
const baseline: number[] = [];
const server: number[] = [];
for (let run = 0; run < RUNS; run++) {
  baseline.push(await timeToFirst200(["-e", BASELINE], 4311, {}));
  server.push(await timeToFirst200(["dist/server/main.js"], 4310, env));
}
rmSync(dir, { recursive: true, force: true });
const b = median(baseline);
const s = median(server);
console.log(`plain node HTTP server: median ${b.toFixed(0)} ms`);
console.log(
  `Freightway (dist/):     median ${s.toFixed(0)} ms (min ${Math.min(...server).toFixed(0)}, max ${Math.max(...server).toFixed(0)})`,
);
console.log(`difference: ${(s - b).toFixed(0)} ms; ratio ${(s / b).toFixed(1)}x`);
