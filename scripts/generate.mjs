// Everything the build and the tests need generated: both Prisma clients, the Pothos types and
// Relay's artifacts (from the checked-in schema.graphql).
import { existsSync } from "node:fs";
import { checkPostgresSchema, writePostgresSchema } from "./postgres-schema.mjs";
import { prismaBin, run } from "./prisma-env.mjs";

const only = process.argv[2];

if (only !== "relay") {
  // The test command (NODE_ENV=test) checks the committed PostgreSQL schema instead of rewriting it.
  if (process.env.NODE_ENV === "test") checkPostgresSchema();
  else writePostgresSchema();
  run(prismaBin, ["generate", "--schema", "prisma/schema.prisma"]);
  run(prismaBin, ["generate", "--schema", "prisma/postgres/schema.prisma"]);
}
if (only !== "prisma" && existsSync("client/src")) {
  run("node_modules/.bin/relay-compiler", []);
}
