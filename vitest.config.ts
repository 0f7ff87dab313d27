import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        // graphql has no "exports" map: Vite would load index.mjs for our code while Node loads
        // index.js for Yoga's executor, and `instanceof GraphQLError` would fail between the two.
        resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "test/api/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
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
