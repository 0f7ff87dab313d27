// Authors the next migration for both databases from the change of prisma/schema.prisma since the
// last migration: `node scripts/make-migration.mjs add_something`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { writePostgresSchema } from "./postgres-schema.mjs";
import { prismaBin, run } from "./prisma-env.mjs";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: node scripts/make-migration.mjs <snake_case_name>");
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const snapshot = "prisma/migrations/schema.snapshot.prisma";
const pgSnapshot = "/tmp/freightway-pg-snapshot.prisma";

writePostgresSchema();
const targets = [
  { dir: "prisma/migrations", schema: "prisma/schema.prisma", from: snapshot },
  { dir: "prisma/postgres/migrations", schema: "prisma/postgres/schema.prisma", from: pgSnapshot },
];
if (existsSync(snapshot)) writePostgresSchema(snapshot, pgSnapshot);

for (const target of targets) {
  const folder = `${target.dir}/${stamp}_${name}`;
  mkdirSync(folder, { recursive: true });
  const fromArgs = existsSync(target.from) ? ["--from-schema-datamodel", target.from] : ["--from-empty"];
  run(prismaBin, [
    "migrate",
    "diff",
    ...fromArgs,
    "--to-schema-datamodel",
    target.schema,
    "--script",
    "--output",
    `${folder}/migration.sql`,
  ]);
  if (!readFileSync(`${folder}/migration.sql`, "utf8").match(/CREATE|ALTER|DROP/)) {
    rmSync(folder, { recursive: true });
    console.log(`${target.dir}: no change`);
  }
}
copyFileSync("prisma/schema.prisma", snapshot);
