import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Resolve `graphql` the way Node does (CommonJS main), so the server's own imports and its
  // dependencies share one graphql instance.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "test/api/**/*.test.ts",
            "client/src/**/*.test.ts",
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          environment: "node",
          include: ["test/browser/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
