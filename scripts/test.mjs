// `npm test`: everything CI runs, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";

const env = {
  ...process.env,
  PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
  NODE_ENV: "test",
};

const steps = [
  ["generate Prisma clients and Pothos types", "node", ["scripts/generate.mjs", "prisma"]],
  ["compile Relay artifacts", "relay-compiler", []],
  ["typecheck", "tsc", ["--noEmit", "-p", "tsconfig.json"]],
  ["lint and format check", "biome", ["check", "."]],
  ["domain and API tests (SQLite)", "vitest", ["run", "--project", "server"]],
  // Only the tests that open a database (test/api) run again on PostgreSQL; unit tests do not.
  [
    "API tests on PostgreSQL with Redis pub/sub",
    "vitest",
    ["run", "--project", "server", "test/api/"],
    { TEST_DATABASE: "postgres", TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" },
  ],
  // The browser tests drive what ships: a production build (NODE_ENV=test would build React's dev mode).
  ["build the client", "vite", ["build", "--config", "client/vite.config.ts"], { NODE_ENV: "production" }],
  ["browser tests (Chromium)", "vitest", ["run", "--project", "browser"]],
];

/** CPU seconds used by finished child processes so far (Linux /proc; null elsewhere). */
function childCpuSeconds() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // cutime and cstime: fields 16 and 17 of stat, 14 and 15 after the command name.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const only = process.argv.slice(2);
for (const [title, cmd, args, extraEnv] of steps) {
  if (only.length && !only.some((word) => title.includes(word))) continue;
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? "" : `, CPU ${(cpuAfter - cpuBefore).toFixed(1)} s`;
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s${cpu})`);
}
