// `npm test`: everything CI runs, in order, stopping at the first failure. A step marked `beside`
// runs in the background next to the step after it (that step's tests mostly wait on databases and
// sockets, so the CPU is free); its output is printed when it ends, and the run stops if it failed.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";

const env = {
  ...process.env,
  PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
  NODE_ENV: "test",
};

const steps = [
  {
    title: "generate Prisma clients and Pothos types",
    cmd: "node",
    args: ["scripts/generate.mjs", "prisma"],
  },
  { title: "compile Relay artifacts", cmd: "relay-compiler", args: [] },
  { title: "lint and format check", cmd: "biome", args: ["check", "."] },
  { title: "typecheck", cmd: "tsc", args: ["--noEmit", "-p", "tsconfig.json"], beside: true },
  { title: "domain and API tests (SQLite)", cmd: "vitest", args: ["run", "--project", "server"] },
  // What `npm start` runs: the server bundle (dist/), started by the cluster test (PostgreSQL step)
  // and test/browser/production-start.test.ts.
  { title: "build the server bundle", cmd: "node", args: ["scripts/build.mjs", "server"] },
  // The browser tests drive what ships: a production build (NODE_ENV=test would build React's dev mode).
  // Not beside the PostgreSQL step: with the driver app it is two Vite builds, and their CPU made
  // that step's /healthz latency budgets fail.
  {
    title: "build the client",
    cmd: "vite",
    args: ["build", "--config", "client/vite.config.ts"],
    env: { NODE_ENV: "production" },
  },
  // Only the tests that open a database (test/api) run again on PostgreSQL; unit tests do not.
  {
    title: "API tests on PostgreSQL with Redis pub/sub",
    cmd: "vitest",
    args: ["run", "--project", "server", "test/api/"],
    env: {
      TEST_DATABASE: "postgres",
      TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    },
  },
  { title: "browser tests (Chromium)", cmd: "vitest", args: ["run", "--project", "browser"] },
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

/**
 * Runs a step; `quiet` keeps its output until it ends, otherwise it is shown as it comes and kept
 * too (a failure's lines are printed again at the very end, where a CI log's tail shows them).
 * Resolves to its exit code and output.
 */
function run(step, quiet) {
  return new Promise((done) => {
    const child = spawn(step.cmd, step.args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, ...step.env, ...(quiet ? {} : { FORCE_COLOR: "1" }) },
    });
    const output = [];
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      stream.on("data", (chunk) => {
        output.push(chunk);
        if (!quiet) sink.write(chunk);
      });
    child.on("error", (error) => done({ code: 1, output: [Buffer.from(`${error}\n`)], ended: Date.now() }));
    child.on("close", (code) => done({ code: code ?? 1, output, ended: Date.now() }));
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matches terminal colour codes on purpose
const TERMINAL_COLOURS = /\x1b\[[0-9;]*m/g;

/** The lines of a failed step that say what failed (vitest's FAIL and × lines and what follows them). */
function failureLines(output) {
  const lines = Buffer.concat(output).toString("utf8").replace(TERMINAL_COLOURS, "").split("\n");
  const picked = [];
  for (let index = 0; index < lines.length && picked.length < 200; index++) {
    if (!/(FAIL|×|✗|error TS|Error:)/.test(lines[index])) continue;
    picked.push(...lines.slice(index, index + 12), "");
    index += 11;
  }
  return picked.length ? picked : lines.slice(-80);
}

function finish(step, started, { code, output, ended }, quiet) {
  if (quiet) for (const chunk of output) process.stdout.write(chunk);
  if (code !== 0) {
    console.error(`\n✖ ${step.title} failed; what failed:\n`);
    console.error(failureLines(output).join("\n"));
    console.error(`\n✖ ${step.title} failed`);
    process.exit(code);
  }
  console.log(`✔ ${step.title} (${((ended - started) / 1000).toFixed(1)} s)`);
}

const only = process.argv.slice(2);
const chosen = steps.filter((step) => !only.length || only.some((word) => step.title.includes(word)));
const runStarted = Date.now();
const cpuBefore = childCpuSeconds();
let background = [];
for (const step of chosen) {
  const started = Date.now();
  if (step.beside) {
    console.log(`\n▶ ${step.title} (beside the next step)`);
    background.push(run(step, true).then((result) => ({ step, started, result })));
    continue;
  }
  console.log(`\n▶ ${step.title}`);
  const result = await run(step, false);
  for (const side of await Promise.all(background)) finish(side.step, side.started, side.result, true);
  background = [];
  finish(step, started, result, false);
}
for (const side of await Promise.all(background)) finish(side.step, side.started, side.result, true);
const cpuAfter = childCpuSeconds();
const cpu = cpuBefore === null || cpuAfter === null ? "" : `, CPU ${(cpuAfter - cpuBefore).toFixed(1)} s`;
console.log(`\n✔ all steps (${((Date.now() - runStarted) / 1000).toFixed(1)} s${cpu})`);
