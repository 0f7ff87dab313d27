// Derives prisma/postgres/schema.prisma from the one data model (same models, other provider).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

export function writePostgresSchema(
  source = "prisma/schema.prisma",
  target = "prisma/postgres/schema.prisma",
) {
  const sqlite = readFileSync(source, "utf8");
  const pothosBlock = /generator pothos \{[^}]*\}\n\n/;
  const pg = sqlite
    .replace(
      "// The one data model. prisma/postgres/schema.prisma is generated from this file",
      "// GENERATED from prisma/schema.prisma by scripts/postgres-schema.mjs: do not edit.",
    )
    .replace("// (scripts/generate.mjs); edit only this one.\n", "")
    .replace('output     = "../server/generated/sqlite"', 'output     = "../../server/generated/postgres"')
    .replace(pothosBlock, "")
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('url      = "file:./dev.db"', 'url      = "postgresql://localhost/freightway"');
  mkdirSync(target.replace(/\/[^/]+$/, ""), { recursive: true });
  writeFileSync(target, pg);
}
