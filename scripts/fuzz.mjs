// `npm run fuzz`: a longer hunt of both fuzzers (test/api/schema-fuzz.test.ts, test/api/rest-fuzz.test.ts).
// A fresh seed each run unless FUZZ_SEED is given (a failure prints the seed and the request, so a
// run can be repeated); FUZZ_RUNS samples per root field or route and FUZZ_BUDGET_MS per role.
// TEST_DATABASE=postgres (with TEST_REDIS_URL) hunts on PostgreSQL.
import { spawn } from "node:child_process";
import { delimiter, resolve } from "node:path";

const env = {
  ...process.env,
  PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
  NODE_ENV: "test",
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "30",
  FUZZ_BUDGET_MS: process.env.FUZZ_BUDGET_MS ?? "600000",
};
console.log(
  `fuzz: seed ${env.FUZZ_SEED}, ${env.FUZZ_RUNS} runs per field and route, ${env.TEST_DATABASE ?? "sqlite"}`,
);
const child = spawn(
  "vitest",
  [
    "run",
    "--project",
    "server",
    "test/api/schema-fuzz.test.ts",
    "test/api/rest-fuzz.test.ts",
    ...process.argv.slice(2),
  ],
  { env, stdio: "inherit" },
);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
