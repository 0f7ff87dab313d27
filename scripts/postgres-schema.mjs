// Derives prisma/postgres/schema.prisma from the one data model (same models, other provider).
// Every replacement must find its anchor: a change to prisma/schema.prisma that moves one fails
// here instead of silently leaving a SQLite setting in the PostgreSQL schema.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const REPLACEMENTS = [
  [
    "// The one data model. prisma/postgres/schema.prisma is generated from this file",
    "// GENERATED from prisma/schema.prisma by scripts/postgres-schema.mjs: do not edit.",
  ],
  ["// (scripts/generate.mjs); edit only this one.\n", ""],
  ['output     = "../server/generated/sqlite"', 'output     = "../../server/generated/postgres"'],
  [/generator pothos \{[^}]*\}\n\n/, ""],
  [/\/\/\/ Row types for the stores[\s\S]*?generator kysely \{[^}]*\}\n\n/, ""],
  ['provider = "sqlite"', 'provider = "postgresql"'],
  ['url      = "file:./dev.db"', 'url      = "postgresql://localhost/freightway"'],
];

export function derivePostgresSchema(sqlite) {
  let text = sqlite;
  for (const [anchor, replacement] of REPLACEMENTS) {
    const found = typeof anchor === "string" ? text.includes(anchor) : anchor.test(text);
    if (!found) {
      throw new Error(
        `scripts/postgres-schema.mjs: prisma/schema.prisma no longer contains ${String(anchor)}`,
      );
    }
    text = text.replace(anchor, replacement);
  }
  return text;
}

export function writePostgresSchema(
  source = "prisma/schema.prisma",
  target = "prisma/postgres/schema.prisma",
) {
  const pg = derivePostgresSchema(readFileSync(source, "utf8"));
  mkdirSync(target.replace(/\/[^/]+$/, ""), { recursive: true });
  writeFileSync(target, pg);
}

/** The committed copy must be what the data model derives to (the test command checks, never rewrites). */
export function checkPostgresSchema(
  source = "prisma/schema.prisma",
  target = "prisma/postgres/schema.prisma",
) {
  const expected = derivePostgresSchema(readFileSync(source, "utf8"));
  if (readFileSync(target, "utf8") !== expected) {
    throw new Error(`${target} is stale: run \`node scripts/generate.mjs prisma\` and commit it.`);
  }
}
