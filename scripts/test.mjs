// `npm test`: everything CI runs, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
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

const only = process.argv.slice(2);
for (const [title, cmd, args, extraEnv] of steps) {
  if (only.length && !only.some((word) => title.includes(word))) continue;
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
