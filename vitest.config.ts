import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

/** Migrated once per run; every test file that opens a database starts from a copy of it. */
const TEMPLATE_DATABASE = "test/support/template-database.ts";

export default defineConfig({
  // Resolve `graphql` the way Node does (CommonJS main), so the server's own imports and its
  // dependencies share one graphql instance.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          // Pure unit tests sit beside their code and in test/unit; test/api holds every test that
          // opens a database (the only ones the PostgreSQL step of `npm test` runs again).
          name: "server",
          environment: "node",
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "client/src/**/*.test.ts",
            "test/unit/**/*.test.ts",
            "test/api/**/*.test.ts",
          ],
          globalSetup: [TEMPLATE_DATABASE],
          // One module graph per worker, not one per file: importing the server (Prisma clients,
          // every domain's schema, the Pothos build) costs seconds of CPU, and files share nothing
          // else: each builds its own app on its own database, and what the server keeps in module
          // scope is keyed by app, database, token or id.
          isolate: false,
          // Vitest's default on 2 cores is one worker, but these files mostly wait (databases,
          // sockets, timers): three side by side more than halve the step on the same CPU.
          maxWorkers: 3,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Each browser file starts its own server (port 0) and database; the files of a worker share
          // its Chromium (test/support/browser.ts). Workers run side by side.
          name: "browser",
          environment: "node",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: [TEMPLATE_DATABASE],
          // As for the server project: the server's module graph once per worker.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page reload or a refetch on a busy 2-core CI box can take seconds, not poll's default 1.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: true,
          maxWorkers: 3,
        },
      },
    ],
  },
});
